import {
  IMPORT_MESSAGES,
  importRowType,
  moneyToString,
  type Cents,
  type ImportParsedRow,
  type ImportSummary,
} from '@app/domain';
import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconFileAlert } from '@tabler/icons-react';
import { useState } from 'react';
import { NO_WRAP } from '../../../components/list-table';
import { SkippedRowsAlert } from '../../../components/skipped-rows-alert';
import { formatMoney, type CurrencyLike } from '../../../lib/format';
import { PREVIEW_ROWS, type ImportPreview } from '../utils/import-preview';

/** Skipped-row reasons listed in the notice; the rest are counted. */
const SKIPPED_LISTED = 200;

interface Props {
  opened: boolean;
  /** Null while the file is being read. */
  preview: ImportPreview | null;
  /** The chosen account's currency (the default is £). */
  currency: CurrencyLike;
  uploading: boolean;
  onClose: () => void;
  onImport: () => void;
}

const abs = (c: Cents) => moneyToString((c < 0n ? -c : c) as Cents);

/** The preview of an import file (spec §2.6): totals, the rows with their type, and every skipped row. */
export function ImportPreviewModal({ opened, preview, currency, uploading, onClose, onImport }: Props) {
  const [showAll, setShowAll] = useState(false);
  const canImport = preview?.ok === true && preview.rows.length > 0 && !uploading;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Preview Transactions"
      size="xl"
      closeOnEscape={!uploading}
      closeOnClickOutside={!uploading}
      withCloseButton={!uploading}
      onExitTransitionEnd={() => setShowAll(false)}
    >
      {preview === null ? (
        <Center py="xl" role="status">
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm">Reading the file...</Text>
          </Group>
        </Center>
      ) : (
        <PreviewBody
          preview={preview}
          currency={currency}
          showAll={showAll}
          onToggleShowAll={() => setShowAll((v) => !v)}
        />
      )}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={uploading}>
          Cancel
        </Button>
        <Button
          onClick={onImport}
          disabled={!canImport}
          leftSection={uploading ? <Loader size={14} color="gray" /> : undefined}
          data-testid="import-submit"
        >
          {uploading ? 'Uploading file...' : 'Import Transactions'}
        </Button>
      </Group>
    </Modal>
  );
}

interface PreviewBodyProps {
  preview: ImportPreview;
  currency: CurrencyLike;
  /** All rows, or the first PREVIEW_ROWS. */
  showAll: boolean;
  onToggleShowAll: () => void;
}

/** A read file: its name, why it could not be read or its totals, the skipped rows and the rows. */
function PreviewBody({ preview, currency, showAll, onToggleShowAll }: PreviewBodyProps) {
  return (
    <Stack data-testid="import-preview">
      <Text size="sm">
        File: <b data-testid="preview-file">{preview.filename}</b>
      </Text>
      {!preview.ok && (
        <Alert color="red" variant="light" title={IMPORT_MESSAGES.parseErrorTitle} icon={<IconFileAlert size={18} />}>
          <Text size="sm" data-testid="preview-error">
            {preview.error}
          </Text>
        </Alert>
      )}
      {preview.ok && <PreviewSummary summary={preview.summary} currency={currency} />}
      {preview.skipped.length > 0 && <SkippedNotice skipped={preview.skipped} />}
      {preview.ok && (
        <>
          <PreviewRows
            key={showAll ? 'all' : 'first'}
            rows={showAll ? preview.rows : preview.rows.slice(0, PREVIEW_ROWS)}
            currency={currency}
            maxHeight={preview.skipped.length > 0 ? '30vh' : '45vh'}
          />
          {preview.rows.length > PREVIEW_ROWS && (
            <Group justify="space-between">
              <Text size="sm" c="dimmed" data-testid="preview-shown">
                Showing {showAll ? preview.rows.length : PREVIEW_ROWS} of {preview.rows.length} rows
              </Text>
              <Button variant="subtle" size="xs" onClick={onToggleShowAll}>
                {showAll ? 'Show Less' : 'Show All Items'}
              </Button>
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}

type PreviewSummaryProps = { summary: ImportSummary; currency: CurrencyLike };

/** Row count, credit and debit totals (with their counts) and the net total, in the account's currency. */
function PreviewSummary({ summary, currency }: PreviewSummaryProps) {
  const money = (c: Cents) => formatMoney(moneyToString(c), currency);
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" data-testid="preview-summary">
      <Stat label="Rows" value={String(summary.row_count)} testId="preview-row-count" />
      <Stat
        label={`Total credits (${summary.credit_count})`}
        value={money(summary.total_credits)}
        testId="preview-total-credits"
      />
      <Stat
        label={`Total debits (${summary.debit_count})`}
        value={money(summary.total_debits)}
        testId="preview-total-debits"
      />
      <Stat label="Net total" value={money(summary.net_total)} testId="preview-net-total" />
    </SimpleGrid>
  );
}

/** Rows are one line of a fixed height, so a long list can render only the rows in view. */
const ROW_HEIGHT = 32;
/** Above this many rows ('Show All Items' on a big file) only the rows in view are in the page. */
export const WINDOWED_ABOVE = 1000;
const WINDOW_ROWS = 80;

function PreviewRows({
  rows,
  currency,
  maxHeight,
}: {
  rows: ImportParsedRow[];
  currency: CurrencyLike;
  maxHeight: string;
}) {
  const [scrollTop, setScrollTop] = useState(0);
  const windowed = rows.length > WINDOWED_ABOVE;
  const start = windowed ? Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - WINDOW_ROWS / 4) : 0;
  const end = windowed ? Math.min(rows.length, start + WINDOW_ROWS) : rows.length;
  const spacer = (count: number) =>
    count > 0 && (
      <tr aria-hidden style={{ height: count * ROW_HEIGHT }}>
        <td colSpan={4} style={{ padding: 0, border: 0 }} />
      </tr>
    );
  return (
    <ScrollArea.Autosize
      mah={maxHeight}
      type="auto"
      offsetScrollbars
      onScrollPositionChange={windowed ? ({ y }) => setScrollTop(y) : undefined}
      // Reachable by keyboard, to scroll the rows with the arrow keys (WCAG 2.1.1).
      viewportProps={{ tabIndex: 0, 'aria-label': 'Preview rows' }}
      data-testid="preview-scroll"
    >
      <Table verticalSpacing={4} stickyHeader highlightOnHover data-testid="preview-rows">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={70}>Row</Table.Th>
            <Table.Th>Reference</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th w={90}>Type</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {spacer(start)}
          {rows.slice(start, end).map((r) => {
            const type = importRowType(r.amount);
            return (
              <Table.Tr key={r.row} h={ROW_HEIGHT}>
                <Table.Td c="dimmed">{r.row}</Table.Td>
                <Table.Td {...NO_WRAP}>{r.reference}</Table.Td>
                <Table.Td ta="right" ff="monospace" {...NO_WRAP}>
                  {formatMoney(abs(r.amount), currency)}
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" tt="none" color={type === 'credit' ? 'green' : 'orange'}>
                    {type === 'credit' ? 'Credit' : 'Debit'}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            );
          })}
          {spacer(rows.length - end)}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder radius="sm" p="xs">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

/** Rows that will not be imported, with the reason of each: nobody loses a payment without a word (decision 0003). */
function SkippedNotice({ skipped }: { skipped: ImportPreview['skipped'] }) {
  return (
    <SkippedRowsAlert
      rows={skipped.slice(0, SKIPPED_LISTED)}
      total={skipped.length}
      noun="row"
      testId="preview-skipped"
    >
      <Text size="xs" c="dimmed" mt={6}>
        Fix these rows in the file and import them again if they are payments.
      </Text>
    </SkippedRowsAlert>
  );
}
