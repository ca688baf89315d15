import type { Paginated } from '@app/domain';
import { Button, Group, Select, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';

/** The paging part of a page of results (CONTRACT.md §2 Lists). */
export type PageMeta = Omit<Paginated<unknown>, 'data'>;

/** A window of at most `size` page numbers around the current page (bookings spec: 5 buttons). */
export function pageWindow(current: number, last: number, size = 5): number[] {
  const count = Math.min(size, Math.max(last, 1));
  let start = Math.max(1, current - Math.floor(size / 2));
  start = Math.min(start, Math.max(1, last - count + 1));
  return Array.from({ length: count }, (_, i) => start + i);
}

/**
 * Page links condensed beyond `max` pages (the unmatched table, bookings spec §9): every page up to `max`,
 * else `max` slots holding the first and last pages, the current page with its neighbours, and `null` for
 * an ellipsis where pages are left out: 1 2 3 4 5 … 20, 1 … 9 10 11 … 20, 1 … 16 17 18 19 20.
 */
export function condensedPages(current: number, last: number, max = 7): (number | null)[] {
  const pages = Math.max(last, 1);
  if (pages <= max) return Array.from({ length: pages }, (_, i) => i + 1);
  const middle = max - 4; // the slots between '1 …' and '… last'
  const at = Math.min(Math.max(current, 1), pages);
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  if (at <= middle + 1) return [...range(1, max - 2), null, pages];
  if (at >= pages - middle) return [1, null, ...range(pages - max + 3, pages)];
  const start = at - Math.floor((middle - 1) / 2);
  return [1, null, ...range(start, start + middle - 1), null, pages];
}

function showingParts(p: Omit<PageMeta, 'current_page' | 'last_page'>) {
  return { range: `Showing ${p.from ?? 0} to ${p.to ?? 0} of ${p.total} results`, perPage: `(${p.per_page} per page)` };
}

/** 'Showing X to Y of Z results (N per page)'. */
export function showingText(p: Omit<PageMeta, 'current_page' | 'last_page'>): string {
  const { range, perPage } = showingParts(p);
  return `${range} ${perPage}`;
}

interface PageSizeSelectProps {
  options: readonly number[];
  value: number;
  onChange: (size: number) => void;
}

/** 'Per page' with a choice of page sizes (its accessible name is 'Page size'). */
export function PageSizeSelect({ options, value, onChange }: PageSizeSelectProps) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed" aria-hidden>
        Per page
      </Text>
      <Select
        aria-label="Page size"
        w={90}
        allowDeselect={false}
        data={options.map(String)}
        value={String(value)}
        // eslint-disable-next-line no-restricted-syntax -- a page size
        onChange={(v) => v && onChange(Number(v))}
      />
    </Group>
  );
}

export interface ListPaginationProps {
  /** The current page's meta; nothing shows while it is loading or when there are no results. */
  page: PageMeta | undefined;
  onPage: (page: number) => void;
  /** A page-size choice beside the page buttons. */
  pageSize?: PageSizeSelectProps;
  /** Which page links: a window of 5 (default), or every page up to 7 and condensed with '…' beyond. */
  links?: 'window' | 'condensed';
}

/**
 * Under a list: 'Showing X to Y of Z results (N per page)', previous, the page links (a window of 5 page
 * buttons, or `condensedPages`), next.
 */
export function ListPagination({ page, onPage, pageSize, links = 'window' }: ListPaginationProps) {
  if (!page || page.total === 0) return null;
  const { current_page: current, last_page: last } = page;
  const { range, perPage } = showingParts(page);
  return (
    <Group justify="space-between" p="sm" wrap="wrap" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <Text size="sm" c="dimmed" data-testid="showing">
        <span>{range}</span> {perPage}
      </Text>
      <Group gap="md" wrap="wrap">
        {pageSize && <PageSizeSelect {...pageSize} />}
        <Group gap={4} component="nav" aria-label="Pagination">
          <Button
            variant="default"
            size="xs"
            disabled={current <= 1}
            onClick={() => onPage(current - 1)}
            aria-label="Previous page"
          >
            <IconChevronLeft size={14} />
          </Button>
          {(links === 'condensed' ? condensedPages(current, last) : pageWindow(current, last)).map((n, i) =>
            n === null ? (
              <Text key={`gap-${i}`} size="sm" c="dimmed" px={4} aria-hidden data-testid="page-gap">
                …
              </Text>
            ) : (
              <Button
                key={n}
                size="xs"
                variant={n === current ? 'filled' : 'default'}
                aria-current={n === current ? 'page' : undefined}
                onClick={() => onPage(n)}
                aria-label={`Page ${n}`}
              >
                {n}
              </Button>
            ),
          )}
          <Button
            variant="default"
            size="xs"
            disabled={current >= last}
            onClick={() => onPage(current + 1)}
            aria-label="Next page"
          >
            <IconChevronRight size={14} />
          </Button>
        </Group>
      </Group>
    </Group>
  );
}
