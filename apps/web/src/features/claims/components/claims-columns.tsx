import type { ClaimRequest } from '@app/domain';
import { Anchor, Badge, Button, Stack, Text } from '@mantine/core';
import { IconCheck, IconFileText, IconX } from '@tabler/icons-react';
import { Link } from 'react-router';
import { actionsColumn, NO_WRAP, type ListColumn } from '../../../components/list-table';
import { EMPTY_VALUE, formatDate } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { ClaimStatusBadge } from './claim-status-badge';
import { transactionAmount } from './transaction-facts';

interface ClaimActions {
  onReceipt: (receipt: ClaimRequest['receipt']) => void;
  onApprove: (claim: ClaimRequest) => void;
  onReject: (claim: ClaimRequest) => void;
}

/** The claims table's columns; the review adds the agent and the Approve and Reject buttons. */
export function claimColumns(review: boolean, actions: ClaimActions): ListColumn<ClaimRequest>[] {
  return [
    { header: 'Requested', td: NO_WRAP, cell: (c) => formatDate(c.created_at) },
    ...(review ? [agentColumn] : []),
    transactionColumn,
    {
      header: 'Amount',
      th: { ta: 'right' },
      td: { ...NO_WRAP, ta: 'right' },
      cell: (c) => transactionAmount(c.transaction),
    },
    { header: 'Booking', cell: (c) => <BookingData claim={c} /> },
    receiptColumn(actions.onReceipt),
    { header: 'Status', cell: (c) => <ClaimState claim={c} review={review} /> },
    ...(review ? [decisionColumn(actions)] : []),
  ];
}

const agentColumn: ListColumn<ClaimRequest> = {
  header: 'Agent',
  cell: (c) => (
    <>
      <Text size="sm">{c.agent.name}</Text>
      {c.requested_by.name !== c.agent.name && (
        <Text size="xs" c="dimmed">
          by {c.requested_by.name}
        </Text>
      )}
    </>
  ),
};

const transactionColumn: ListColumn<ClaimRequest> = {
  header: 'Transaction',
  cell: (c) => (
    <>
      <Text size="sm" fw={500} {...NO_WRAP}>
        {c.transaction.reference_number}
      </Text>
      <Text size="xs" c="dimmed">
        {c.transaction.supplier_name} · {formatDate(c.transaction.transaction_date)}
      </Text>
    </>
  ),
};

const receiptColumn = (onReceipt: ClaimActions['onReceipt']): ListColumn<ClaimRequest> => ({
  header: 'Receipt',
  cell: (c) =>
    c.receipt ? (
      <Button
        variant="subtle"
        size="xs"
        leftSection={<IconFileText size={14} />}
        aria-label={`View receipt of ${c.transaction.reference_number}`}
        onClick={() => onReceipt(c.receipt)}
      >
        View
      </Button>
    ) : (
      EMPTY_VALUE
    ),
});

const decisionColumn = ({ onApprove, onReject }: ClaimActions): ListColumn<ClaimRequest> =>
  actionsColumn((c: ClaimRequest) =>
    c.status === 'pending' ? (
      <>
        <Button
          size="xs"
          color="green"
          variant="light"
          leftSection={<IconCheck size={14} />}
          aria-label={`Approve ${c.transaction.reference_number}`}
          onClick={() => onApprove(c)}
        >
          Approve
        </Button>
        <Button
          size="xs"
          color="red"
          variant="subtle"
          leftSection={<IconX size={14} />}
          aria-label={`Reject ${c.transaction.reference_number}`}
          onClick={() => onReject(c)}
        >
          Reject
        </Button>
      </>
    ) : null,
  );

/**
 * What the agent says the booking is: customer, date, personal, notes. The booking reference is the
 * transaction's (the server holds it to that), so it shows only written otherwise.
 */
function BookingData({ claim }: { claim: ClaimRequest }) {
  const b = claim.booking_data;
  return (
    <Stack gap={0} maw={260}>
      <Text size="sm">{b.customer_name}</Text>
      <Text size="xs" c="dimmed" component="div">
        {formatDate(b.booking_date)}
        {b.booking_reference !== claim.transaction.reference_number && ` · ${b.booking_reference}`}
        {b.is_personal && (
          <Badge ml={6} size="xs" variant="outline">
            Personal
          </Badge>
        )}
      </Text>
      {b.notes && (
        <Text size="xs" c="dimmed" lineClamp={2} title={b.notes}>
          {b.notes}
        </Text>
      )}
    </Stack>
  );
}

/** The claim's state: the booking it became, or why it was refused, and (in the review) who decided. */
function ClaimState({ claim, review }: { claim: ClaimRequest; review: boolean }) {
  const decided =
    review && claim.decided_by && claim.decided_at
      ? `by ${claim.decided_by.name}, ${formatDate(claim.decided_at)}`
      : null;
  return (
    <Stack gap={2} align="flex-start" maw={280}>
      <ClaimStatusBadge status={claim.status} />
      {claim.status === 'approved' && claim.booking_id !== null && (
        <Anchor component={Link} to={paths.bookings.view(claim.booking_id)} size="sm">
          View booking
        </Anchor>
      )}
      {claim.status === 'rejected' && claim.rejection_reason && (
        <Text size="xs" data-testid="rejection-reason" style={{ whiteSpace: 'pre-line' }}>
          {claim.rejection_reason}
        </Text>
      )}
      {decided && (
        <Text size="xs" c="dimmed">
          {decided}
        </Text>
      )}
    </Stack>
  );
}
