import { Badge, Group, Skeleton, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
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

interface SuggestionCellProps {
  of: SuggestionsOfCredit;
  /** The credit's reference, for the button's name. */
  reference: string;
  onReview: () => void;
}

/**
 * The unmatched table's Suggestion cell: the best suggestion's booking reference(s) and customer with its
 * score, a button that opens the review ('Review suggestions for {reference}'); 'None' when nothing points
 * at a booking; a skeleton while the page's suggestions load.
 */
export function SuggestionCell({ of, reference, onReview }: SuggestionCellProps) {
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
    // Its name starts 'Review suggestions for {reference}:' and goes on with what it shows (WCAG 2.5.3).
    <UnstyledButton onClick={onReview} title="Review the suggestions" className="suggestion-cell">
      <VisuallyHidden>{`Review suggestions for ${reference}: `}</VisuallyHidden>
      <Group gap="xs" wrap="nowrap" data-testid="best-suggestion">
        <ScoreBadge suggestion={best} compact />
        <div style={{ minWidth: 0 }}>
          <Text size="sm" fw={500} c="blue.8" td="underline" style={{ overflowWrap: 'anywhere' }}>
            {bookingReferences(best.bookings)}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {customersOf(best.bookings)}
          </Text>
        </div>
        <IconChevronRight size={16} aria-hidden style={{ flexShrink: 0, color: 'var(--mantine-color-dimmed)' }} />
      </Group>
    </UnstyledButton>
  );
}
