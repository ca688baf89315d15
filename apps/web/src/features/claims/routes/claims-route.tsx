import {
  CLAIM_MESSAGES,
  CLAIM_PER_PAGE,
  CLAIM_STATUS_FILTERS,
  type ClaimRequest,
  type ClaimStatusFilter,
} from '@app/domain';
import { Anchor, Badge, Button, SegmentedControl, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconFileText, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { ListPage } from '../../../components/list-page';
import { actionsColumn, ListTable, NO_WRAP, type ListColumn } from '../../../components/list-table';
import { getErrorMessage } from '../../../lib/api-client';
import { isAdmin } from '../../../lib/authorization';
import { EMPTY_VALUE, formatDate } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useFocusFallback, type FocusFallback } from '../../../lib/use-focus-fallback';
import { useUser } from '../../auth';
import { useApproveClaim, useClaimRequests } from '../api/claims-api';
import { CLAIM_STATUS_LABELS, ClaimStatusBadge } from '../components/claim-status-badge';
import { ReceiptPreviewModal } from '../components/receipt-preview-modal';
import { RejectClaimModal } from '../components/reject-claim-modal';
import { transactionAmount } from '../components/transaction-facts';

type Scope = 'review' | 'mine';

/** The filter each list opens with: the review what waits for a decision, an agent every claim. */
const DEFAULT_STATUS: Record<Scope, ClaimStatusFilter> = { review: 'pending', mine: 'all' };
const FILTER_LABELS: Record<ClaimStatusFilter, string> = { ...CLAIM_STATUS_LABELS, all: 'All' };

const EMPTY: Record<Scope, Record<ClaimStatusFilter, string>> = {
  review: {
    pending: 'No claims are waiting for review.',
    approved: 'No claim has been approved yet.',
    rejected: 'No claim has been rejected.',
    all: 'No agent has claimed a transaction yet.',
  },
  mine: {
    pending: 'None of your claims is waiting for review.',
    approved: 'None of your claims has been approved yet.',
    rejected: 'None of your claims has been rejected.',
    all: 'You have not claimed a booking yet.',
  },
};

/** The list's state in the URL: `?status=approved&page=2&per_page=25` (defaults left out). */
function useListParams(scope: Scope) {
  const [params, setParams] = useSearchParams();
  const wanted = params.get('status');
  const status = CLAIM_STATUS_FILTERS.find((s) => s === wanted) ?? DEFAULT_STATUS[scope];
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '', 10) || 1);
  const size = Number(params.get('per_page'));
  const perPage = CLAIM_PER_PAGE.find((n) => n === size) ?? CLAIM_PER_PAGE[0];
  const set = (changes: Record<string, string | number | null>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null) next.delete(key);
        else next.set(key, String(value));
      }
      return next;
    });
  return {
    status,
    page,
    perPage,
    setStatus: (s: ClaimStatusFilter) => set({ status: s === DEFAULT_STATUS[scope] ? null : s, page: null }),
    setPage: (p: number) => set({ page: p <= 1 ? null : p }),
    setPerPage: (n: number) => set({ per_page: n === CLAIM_PER_PAGE[0] ? null : n, page: null }),
  };
}

/** `/claims`: the admins' review of claim requests, or an agent's own claims (CONTRACT.md §4). */
export function ClaimsRoute() {
  return isAdmin(useUser()) ? <ClaimsList scope="review" /> : <ClaimsList scope="mine" />;
}

function ClaimsList({ scope }: { scope: Scope }) {
  const review = scope === 'review';
  const list = useListParams(scope);
  const claims = useClaimRequests(scope, list);
  const approve = useApproveClaim();
  const [toApprove, setToApprove] = useState<ClaimRequest | null>(null);
  const [toReject, setToReject] = useState<ClaimRequest | null>(null);
  const [receipt, setReceipt] = useState<ClaimRequest['receipt']>(null);
  // A decided claim leaves the pending list with its buttons: the focus goes to the claim that takes its place.
  const keepFocus = useFocusFallback(claims.data);
  const decide = (claim: ClaimRequest, open: (claim: ClaimRequest) => void) => {
    keepFocus(sameActionInNextRow);
    open(claim);
  };

  const closeApprove = () => {
    setToApprove(null);
    approve.reset();
  };
  const confirmApprove = () => {
    if (!toApprove) return;
    approve.mutate(toApprove.id, {
      onSuccess: (saved) => {
        notifications.show({ color: 'green', message: saved.message });
        closeApprove();
      },
    });
  };

  const columns: ListColumn<ClaimRequest>[] = [
    { header: 'Requested', td: NO_WRAP, cell: (c) => formatDate(c.created_at) },
    ...(review
      ? [
          {
            header: 'Agent',
            cell: (c: ClaimRequest) => (
              <>
                <Text size="sm">{c.agent.name}</Text>
                {c.requested_by.name !== c.agent.name && (
                  <Text size="xs" c="dimmed">
                    by {c.requested_by.name}
                  </Text>
                )}
              </>
            ),
          },
        ]
      : []),
    {
      header: 'Transaction',
      cell: (c) => (
        <>
          <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
            {c.transaction.reference_number}
          </Text>
          <Text size="xs" c="dimmed">
            {c.transaction.supplier_name} · {formatDate(c.transaction.transaction_date)}
          </Text>
        </>
      ),
    },
    {
      header: 'Amount',
      th: { ta: 'right' },
      td: { ...NO_WRAP, ta: 'right' },
      cell: (c) => transactionAmount(c.transaction),
    },
    { header: 'Booking', cell: (c) => <BookingData claim={c} /> },
    {
      header: 'Receipt',
      cell: (c) =>
        c.receipt ? (
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconFileText size={14} />}
            aria-label={`View receipt of ${c.transaction.reference_number}`}
            onClick={() => setReceipt(c.receipt)}
          >
            View
          </Button>
        ) : (
          EMPTY_VALUE
        ),
    },
    { header: 'Status', cell: (c) => <ClaimState claim={c} review={review} /> },
    ...(review
      ? [
          actionsColumn((c: ClaimRequest) =>
            c.status === 'pending' ? (
              <>
                <Button
                  size="xs"
                  color="green"
                  variant="light"
                  leftSection={<IconCheck size={14} />}
                  aria-label={`Approve ${c.transaction.reference_number}`}
                  onClick={() => decide(c, setToApprove)}
                >
                  Approve
                </Button>
                <Button
                  size="xs"
                  color="red"
                  variant="subtle"
                  leftSection={<IconX size={14} />}
                  aria-label={`Reject ${c.transaction.reference_number}`}
                  onClick={() => decide(c, setToReject)}
                >
                  Reject
                </Button>
              </>
            ) : null,
          ),
        ]
      : []),
  ];

  return (
    <ListPage
      title={review ? 'Claims review' : 'My claims'}
      description={
        review
          ? 'Agents’ claims of unmatched supplier credits. Approving one creates the pending booking for the agent, matched to the transaction.'
          : 'Your claims of supplier credits nobody booked, and what an admin decided.'
      }
      actions={
        !review && (
          <Button component={Link} to={paths.reports.commissions} variant="default">
            Find an unclaimed booking
          </Button>
        )
      }
      filters={
        <SegmentedControl
          mb="md"
          aria-label="Claim status"
          value={list.status}
          onChange={(value) => list.setStatus(value as ClaimStatusFilter)}
          data={(review ? CLAIM_STATUS_FILTERS : (['all', 'pending', 'approved', 'rejected'] as const)).map((s) => ({
            value: s,
            label: FILTER_LABELS[s],
          }))}
        />
      }
      pagination={{
        page: claims.data,
        onPage: list.setPage,
        pageSize: { options: CLAIM_PER_PAGE, value: list.perPage, onChange: list.setPerPage },
      }}
      after={
        <>
          <ReceiptPreviewModal receipt={receipt} onClose={() => setReceipt(null)} />
          <RejectClaimModal claim={toReject} onClose={() => setToReject(null)} />
          <ConfirmModal
            opened={toApprove !== null}
            onClose={closeApprove}
            title="Approve claim"
            error={approve.isError ? getErrorMessage(approve.error, CLAIM_MESSAGES.failed) : null}
            confirm={{ label: 'Approve', color: 'green', loading: approve.isPending, onClick: confirmApprove }}
          >
            {toApprove &&
              `Approve ${toApprove.agent.name}'s claim of ${toApprove.transaction.reference_number} ` +
                `(${transactionAmount(toApprove.transaction)}, ${toApprove.transaction.supplier_name})? ` +
                'A pending booking is created for the agent and matches the transaction.'}
          </ConfirmModal>
        </>
      }
    >
      <ListTable
        query={claims}
        noun="claims"
        columns={columns}
        minWidth={review ? 980 : 820}
        empty={EMPTY[scope][list.status]}
        emptyAction={
          !review &&
          list.status === 'all' && (
            <Anchor component={Link} to={paths.reports.commissions} size="sm">
              Search for an unclaimed booking on the commission reports
            </Anchor>
          )
        }
        rowProps={(c) => ({ 'data-claim': c.transaction.reference_number })}
      />
    </ListPage>
  );
}

/**
 * Where the focus goes when a decided claim's row has left the list: the same action (Approve, Reject) of
 * the claim now in its place, or of the last one; with none left, the status filter's chosen option.
 */
const sameActionInNextRow: FocusFallback = (trigger) => {
  const row = trigger.closest('tr');
  const body = row?.parentElement;
  const index = body ? [...body.children].indexOf(row!) : -1;
  const label = trigger.getAttribute('aria-label')?.split(' ')[0];
  return () => {
    const rows = body?.isConnected ? [...body.querySelectorAll('tr')] : [];
    const next = rows[Math.min(index, rows.length - 1)];
    return (
      next?.querySelector<HTMLElement>(`button[aria-label^="${label} "]`) ??
      document.querySelector<HTMLElement>('[aria-label="Claim status"] input:checked')
    );
  };
};

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
