import { HUNDRED_PERCENT, percentText } from '@app/domain';
import { Anchor, Badge, Button, Checkbox, Group, Highlight, Stack, Table, Text, TextInput } from '@mantine/core';
import { memo, type Dispatch } from 'react';
import { formatDate } from '../../../lib/format';
import { NO_WRAP } from '../../../components/list-table';
import { paths } from '../../../lib/paths';
import type { SearchBooking } from '../api/payouts-api';
import type { BulkMode } from '../utils/bulk-filters';
import { blockReason, checkCustom, rowBlockReason, type RowState } from '../utils/bulk-row';
import type { BulkAction } from '../utils/bulk-state';
import { agentCommission, companyPercent, grossDrops } from '../utils/bulk-summary';
import { centsOf, money, percentOf } from '../utils/money';

interface BulkBookingRowProps {
  booking: SearchBooking;
  row: RowState;
  mode: BulkMode;
  /** The text search, highlighted. */
  text: string;
  dispatch: Dispatch<BulkAction>;
}

/** One booking of the bulk screen (agents-transactions-payouts §2.8 columns). Re-renders only when its own row changes. */
export const BulkBookingRow = memo(function BulkBookingRow({
  booking: b,
  row,
  mode,
  text,
  dispatch,
}: BulkBookingRowProps) {
  const blocked = blockReason(b);
  // Payable one way only: a booking marked for reconciliation with its Reconcile box unticked, or one the
  // reconcile would leave unpayable (nothing left to pay, …) with the box ticked. The note says which.
  const rowReason = mode === 'payout' && !blocked ? rowBlockReason(b, row) : null;
  const note = blocked
    ? `Cannot be paid: ${blocked}`
    : rowReason
      ? row.reconcile
        ? `Cannot be paid with Reconcile: ${rowReason}`
        : `Cannot be paid without Reconcile. ${rowReason}`
      : null;
  return (
    <>
      <Table.Tr
        data-testid={`booking-row-${b.id}`}
        data-blocked={blocked !== null || undefined}
        bg={row.selected ? 'var(--mantine-color-blue-light)' : undefined}
        style={note ? { borderBottom: 0 } : undefined}
      >
        <Table.Td>
          <Checkbox
            aria-label={`Select ${b.booking_reference}`}
            aria-describedby={note ? `block-reason-${b.id}` : undefined}
            checked={row.selected}
            disabled={blocked !== null}
            onChange={(e) => dispatch({ type: 'select', ids: [b.id], selected: e.currentTarget.checked })}
          />
        </Table.Td>
        <BookingCells booking={b} text={text} />
        <ControlCells booking={b} row={row} mode={mode} dispatch={dispatch} />
      </Table.Tr>
      {note && (
        <Table.Tr data-testid={`block-reason-row-${b.id}`}>
          <Table.Td />
          <Table.Td colSpan={mode === 'payout' ? 10 : 9} pt={0}>
            <Text size="xs" c="red" id={`block-reason-${b.id}`} data-testid={`block-reason-${b.id}`}>
              {note}
            </Text>
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
});

const showOf = (b: SearchBooking) => (amount: number) => money(centsOf(amount), b.supplier.currency_code);

/** The booking's facts, with the text search highlighted: the only cells that change while typing in the search. */
const BookingCells = memo(function BookingCells({ booking: b, text }: { booking: SearchBooking; text: string }) {
  const show = showOf(b);
  const mark = (value: string) => (
    <Highlight highlight={text} size="sm" component="span">
      {value}
    </Highlight>
  );
  return (
    <>
      <Table.Td>
        <Stack gap={2}>
          <Group gap={6}>
            <Anchor
              href={paths.bookings.view(b.id)}
              target="_blank"
              rel="noopener noreferrer"
              fw={600}
              size="sm"
              {...NO_WRAP}
            >
              {mark(b.booking_reference)}
            </Anchor>
            {b.is_reconciled && (
              <Badge size="xs" color="teal" variant="light">
                Reconciled
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed" component="div">
            {mark(b.customer_name)}
          </Text>
        </Stack>
      </Table.Td>
      <Table.Td>{mark(b.supplier.name)}</Table.Td>
      {/* Wide enough for 'Oct 26,' on one line and the year under it. */}
      <Table.Td miw={72}>{formatDate(b.booking_date)}</Table.Td>
      <Table.Td ta="right" {...NO_WRAP}>
        {mark(show(b.booking_amount))}
      </Table.Td>
      <Table.Td ta="right" {...NO_WRAP}>
        {show(b.transaction_amount)}
      </Table.Td>
      <Table.Td ta="right" {...NO_WRAP}>
        {money(agentCommission(b), b.supplier.currency_code)}
      </Table.Td>
    </>
  );
});

interface ControlCellsProps {
  booking: SearchBooking;
  row: RowState;
  mode: BulkMode;
  dispatch: Dispatch<BulkAction>;
}

/** The amount, the commission split, the reconcile box and the custom commission toggle. */
const ControlCells = memo(function ControlCells({ booking: b, row, mode, dispatch }: ControlCellsProps) {
  const ref = b.booking_reference;
  const show = showOf(b);
  return (
    <>
      <Table.Td miw={100}>
        {mode === 'payout' ? (
          <TextInput
            aria-label={`Payout amount for ${ref}`}
            type="number"
            step="0.01"
            inputMode="decimal"
            size="xs"
            value={row.amount}
            onChange={(e) => dispatch({ type: 'amount', id: b.id, text: e.currentTarget.value })}
            onBlur={() => dispatch({ type: 'normaliseAmount', id: b.id })}
            // The amount on one line: '-CA$150.00' broke after its minus sign.
            description={
              <>
                Available: <span {...NO_WRAP}>{show(b.available_amount)}</span>
              </>
            }
          />
        ) : (
          <Text size="sm" ta="right" data-testid={`reconcile-amount-${b.id}`}>
            {show(b.transaction_amount)}
          </Text>
        )}
      </Table.Td>
      <Table.Td miw={140}>
        <CommissionSplit booking={b} row={row} dispatch={dispatch} />
      </Table.Td>
      {mode === 'payout' && (
        <Table.Td>
          <Checkbox
            aria-label={`Reconcile ${ref}`}
            checked={row.reconcile}
            onChange={(e) => dispatch({ type: 'reconcile', id: b.id, value: e.currentTarget.checked })}
          />
          {row.reconcile && grossDrops([{ booking: b, row }], mode).length > 0 && (
            // The gross drops to what was received: said on the row, and asked again before processing.
            <Text size="xs" c="orange" mt={4} maw={110} data-testid={`reconcile-drop-${b.id}`}>
              Gross drops to {show(b.transaction_amount)}
            </Text>
          )}
        </Table.Td>
      )}
      <Table.Td>
        <Button
          size="compact-xs"
          px={6}
          variant={row.custom ? 'default' : 'light'}
          aria-label={`${row.custom ? 'Cancel Edit' : 'Edit Commission'} for ${ref}`}
          onClick={() => dispatch({ type: 'custom', id: b.id, value: !row.custom })}
        >
          {row.custom ? 'Cancel Edit' : 'Edit Commission'}
        </Button>
      </Table.Td>
    </>
  );
});

/** The split of the booking's commission: each agent's percentage and the company's; inputs while editing. */
function CommissionSplit({
  booking: b,
  row,
  dispatch,
}: {
  booking: SearchBooking;
  row: RowState;
  dispatch: Dispatch<BulkAction>;
}) {
  const ref = b.booking_reference;
  if (!row.custom) {
    return (
      <Stack gap={0}>
        {b.actual_commissions.map((l) => (
          <Text key={l.id} size="xs">
            {l.agent.user.name}: {percentText(percentOf(l.percentage))}%
          </Text>
        ))}
        <Text size="xs" c="dimmed">
          Company: {percentText(companyPercent(b))}%
        </Text>
      </Stack>
    );
  }
  const check = checkCustom(b, row);
  const wrong = check.total !== HUNDRED_PERCENT || Object.keys(check.fieldErrors).length > 0;
  return (
    <Stack gap={4} data-testid={`custom-commission-${b.id}`}>
      {b.actual_commissions.map((l) => (
        <TextInput
          key={l.id}
          size="xs"
          type="number"
          step="0.01"
          min={0}
          max={100}
          inputMode="decimal"
          label={l.agent.user.name}
          aria-label={`${l.agent.user.name} percentage for ${ref}`}
          rightSection="%"
          value={row.percents[l.id] ?? ''}
          error={check.fieldErrors[l.id]}
          onChange={(e) => dispatch({ type: 'percent', id: b.id, lineId: l.id, text: e.currentTarget.value })}
        />
      ))}
      <Text size="xs" data-testid={`company-percentage-${b.id}`}>
        Company: {percentText(check.company)}%
      </Text>
      {wrong && (
        <Text size="xs" c="red" role="alert">
          Must equal 100%
        </Text>
      )}
    </Stack>
  );
}
