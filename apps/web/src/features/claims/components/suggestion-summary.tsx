import { Badge, Group, Skeleton, Text, VisuallyHidden } from '@mantine/core';
import type { MatchSuggestion } from '../api/match-suggestions-api';
import { scoreColor } from '../../../lib/suggestion-score';
import { bookingReferences, customersOf } from '../utils/suggestions';

interface ScoreBadgeProps {
  suggestion: Pick<MatchSuggestion, 'score' | 'auto_accept'>;
  /** In a table cell the number alone shows ('Score' is for screen readers). */
  compact?: boolean;
}

/** A suggestion's score, 0 to 100: green for a clear match, yellow from 60, grey below. */
export function ScoreBadge({ suggestion, compact }: ScoreBadgeProps) {
  const color = scoreColor(suggestion);
  return (
    <Badge variant="light" color={color} tt="none" data-testid="suggestion-score" data-color={color}>
      {compact ? (
        <>
          <VisuallyHidden>Score </VisuallyHidden>
          {suggestion.score}
        </>
      ) : (
        `Score ${suggestion.score}`
      )}
    </Badge>
  );
}

/** What the page's suggestions query says of one credit: still loading, not available, or its suggestions. */
export type SuggestionsOfCredit =
  { state: 'loading' } | { state: 'error' } | { state: 'loaded'; suggestions: readonly MatchSuggestion[] };

/**
 * The unmatched table's Suggestion cell: the best suggestion's booking reference(s) and customer with its
 * score; 'None' when nothing points at a booking; a skeleton while the page's suggestions load.
 */
export function SuggestionCell({ of }: { of: SuggestionsOfCredit }) {
  if (of.state === 'loading') return <Skeleton h={18} w={140} data-testid="suggestion-loading" />;
  if (of.state === 'error')
    return (
      <Text size="sm" c="dimmed">
        Unavailable
      </Text>
    );
  const [best] = of.suggestions;
  if (!best)
    return (
      <Text size="sm" c="dimmed">
        None
      </Text>
    );
  return (
    <Group gap="xs" wrap="nowrap" data-testid="best-suggestion">
      <ScoreBadge suggestion={best} compact />
      <div style={{ minWidth: 0 }}>
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {bookingReferences(best.bookings)}
        </Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {customersOf(best.bookings)}
        </Text>
      </div>
    </Group>
  );
}
