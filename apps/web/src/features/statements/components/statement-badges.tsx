import { Badge, Group } from '@mantine/core';
import type { StatementLineState, StatementSummary } from '../api/statements-api';

type Counts = StatementSummary['counts'];

const COUNTS: { key: keyof Counts; label: string; color: string }[] = [
  { key: 'exact', label: 'exact', color: 'green' },
  { key: 'by_suggestion', label: 'by suggestion', color: 'blue' },
  { key: 'unclaimed', label: 'unclaimed', color: 'orange' },
];

/** How a statement's lines stand now, as small badges: '2 exact', '1 by suggestion', '3 unclaimed' (and 'other'). */
export function StatementCounts({ counts }: { counts: Counts }) {
  return (
    <Group gap={4} wrap="wrap" data-testid="statement-counts">
      {COUNTS.map(({ key, label, color }) => (
        <Badge key={key} size="sm" variant="light" tt="none" color={counts[key] > 0 ? color : 'gray'}>
          {`${counts[key]} ${label}`}
        </Badge>
      ))}
      {counts.other > 0 && (
        <Badge size="sm" variant="light" tt="none" color="gray">
          {`${counts.other} other`}
        </Badge>
      )}
    </Group>
  );
}

/** A statement whose import job has not completed: 'Importing' or 'Import failed'; nothing once it has. */
export function StatementJobBadge({ status }: { status: string }) {
  if (status === 'completed') return null;
  const failed = status === 'failed';
  return (
    <Badge size="sm" variant="light" tt="none" color={failed ? 'red' : 'yellow'}>
      {failed ? 'Import failed' : 'Importing'}
    </Badge>
  );
}

export const LINE_STATE_LABELS: Record<StatementLineState, string> = {
  exact: 'Exact match',
  suggestion: 'By suggestion',
  unclaimed: 'Unclaimed',
  other: 'Other',
};

const LINE_STATE_COLORS: Record<StatementLineState, string> = {
  exact: 'green',
  suggestion: 'blue',
  unclaimed: 'orange',
  other: 'gray',
};

/** A line's state: matched exactly, by an accepted suggestion, still unclaimed, or other (debits, not completed). */
export function LineStateBadge({ state }: { state: StatementLineState }) {
  return (
    <Badge variant="light" tt="none" color={LINE_STATE_COLORS[state]}>
      {LINE_STATE_LABELS[state]}
    </Badge>
  );
}
