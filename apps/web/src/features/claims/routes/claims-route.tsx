import { CLAIM_PER_PAGE, CLAIM_STATUS_FILTERS, type ClaimRequest, type ClaimStatusFilter } from '@app/domain';
import { Anchor, Button, SegmentedControl } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListPage } from '../../../components/list-page';
import { ListTable } from '../../../components/list-table';
import { isAdmin } from '../../../lib/authorization';
import { paths } from '../../../lib/paths';
import { useFocusFallback, type FocusFallback } from '../../../lib/use-focus-fallback';
import { useUser } from '../../auth';
import { useClaimRequests } from '../api/claims-api';
import { ApproveClaimModal } from '../components/approve-claim-modal';
import { CLAIM_STATUS_LABELS } from '../components/claim-status-badge';
import { claimColumns } from '../components/claims-columns';
import { ReceiptPreviewModal } from '../components/receipt-preview-modal';
import { RejectClaimModal } from '../components/reject-claim-modal';
import { useClaimsListParams, type Scope } from '../hooks/use-claims-list-params';

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

/** `/claims`: the admins' review of claim requests, or an agent's own claims (CONTRACT.md §4). */
export function ClaimsRoute() {
  return isAdmin(useUser()) ? <ClaimsList scope="review" /> : <ClaimsList scope="mine" />;
}

function ClaimsList({ scope }: { scope: Scope }) {
  const review = scope === 'review';
  const list = useClaimsListParams(scope);
  const claims = useClaimRequests(scope, list);
  const [toApprove, setToApprove] = useState<ClaimRequest | null>(null);
  const [toReject, setToReject] = useState<ClaimRequest | null>(null);
  const [receipt, setReceipt] = useState<ClaimRequest['receipt']>(null);
  // A decided claim leaves the pending list with its buttons: the focus goes to the claim that takes its place.
  const keepFocus = useFocusFallback(claims.data);
  const decide = (claim: ClaimRequest, open: (claim: ClaimRequest) => void) => {
    keepFocus(sameActionInNextRow);
    open(claim);
  };
  const columns = claimColumns(review, {
    onReceipt: setReceipt,
    onApprove: (c) => decide(c, setToApprove),
    onReject: (c) => decide(c, setToReject),
  });

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
          <ApproveClaimModal claim={toApprove} onClose={() => setToApprove(null)} />
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
