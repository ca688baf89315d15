import type { ClaimStatus } from '@app/domain';
import { Badge } from '@mantine/core';

const COLORS: Record<ClaimStatus, string> = { pending: 'yellow', approved: 'green', rejected: 'red' };
export const CLAIM_STATUS_LABELS: Record<ClaimStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

export function ClaimStatusBadge({ status }: { status: ClaimStatus }) {
  return (
    <Badge color={COLORS[status]} variant="light" data-testid="claim-status">
      {CLAIM_STATUS_LABELS[status]}
    </Badge>
  );
}
