import type { AgingBucket } from '@app/domain';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useRef, type ReactNode, type Ref } from 'react';
import { PageHeader } from '../../../components/page-header';
import { QueryContent } from '../../../components/query-content';
import { todayUtc } from '../../../lib/dates';
import { formatDate } from '../../../lib/format';
import { useOverdueSummary } from '../api/overdue-api';
import { OverdueBookingsPanel, OverdueExportButton } from '../components/overdue-bookings-panel';
import { OverdueTotals } from '../components/overdue-totals';
import { SupplierAgingTable } from '../components/supplier-aging-table';
import { useOverdueList } from '../hooks/use-overdue-list';

const NOTHING_OVERDUE = 'No overdue commissions: every supplier has paid what is due.';

/**
 * /reports/overdue-commissions (admins, issue 24 §4): what suppliers owe past its due date, per currency and
 * per supplier in aging buckets, and the overdue bookings with their follow-up notes. A supplier's bucket
 * lists its bookings below; the list's filters are in the URL.
 */
export function OverdueCommissionsRoute() {
  const summary = useOverdueSummary();
  const list = useOverdueList();
  const bookings = useRef<HTMLElement>(null);
  const asOf = summary.data?.as_of;

  const showBucket = (supplierId: number, bucket: AgingBucket | '') => {
    list.showBucket(supplierId, bucket);
    bookings.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <>
      <PageHeader
        title="Overdue commissions"
        description="Commissions a supplier has not paid in full by its due date (a number of days after the booking date, set per supplier), per currency — amounts in different currencies are never added."
      />
      <Stack gap="lg">
        <ReportSection
          id="overdue-totals"
          title="Outstanding per currency"
          aside={
            asOf && (
              <Text size="sm" c="dimmed">
                As of {formatDate(asOf)}
              </Text>
            )
          }
        >
          <QueryContent query={summary} noun="overdue commissions">
            {({ totals }) =>
              totals.length === 0 ? <Text c="dimmed">Nothing outstanding.</Text> : <OverdueTotals totals={totals} />
            }
          </QueryContent>
        </ReportSection>
        <ReportSection id="overdue-suppliers" title="By supplier" framed>
          <QueryContent query={summary} noun="overdue commissions by supplier">
            {({ suppliers }) =>
              suppliers.length === 0 ? (
                <Text c="dimmed" data-testid="suppliers-empty">
                  {NOTHING_OVERDUE}
                </Text>
              ) : (
                <SupplierAgingTable suppliers={suppliers} shown={list.params} onShow={showBucket} />
              )
            }
          </QueryContent>
        </ReportSection>
        <ReportSection
          id="overdue-bookings"
          title="Overdue bookings"
          aside={<OverdueExportButton list={list} />}
          framed
          sectionRef={bookings}
        >
          <OverdueBookingsPanel list={list} today={asOf ?? todayUtc()} />
        </ReportSection>
      </Stack>
    </>
  );
}

interface ReportSectionProps {
  id: string;
  title: string;
  /** At the right of the title: the date of the figures, an export. */
  aside?: ReactNode;
  /** In a bordered frame (a table); otherwise on the page (tiles that have their own). */
  framed?: boolean;
  sectionRef?: Ref<HTMLElement>;
  children: ReactNode;
}

/** One part of the report under its heading; scrolled to, it keeps clear of the fixed header. */
function ReportSection({ id, title, aside, framed, sectionRef, children }: ReportSectionProps) {
  return (
    <Paper
      component="section"
      ref={sectionRef}
      aria-labelledby={`${id}-title`}
      data-testid={id}
      withBorder={framed}
      bg={framed ? undefined : 'transparent'}
      radius="md"
      p={framed ? 'md' : 0}
      style={{ scrollMarginTop: 'calc(var(--app-shell-header-height, 0px) + var(--mantine-spacing-md))' }}
    >
      <Group justify="space-between" align="center" gap="xs" mb="sm">
        <Title order={3} size="h4" id={`${id}-title`}>
          {title}
        </Title>
        {aside}
      </Group>
      {children}
    </Paper>
  );
}
