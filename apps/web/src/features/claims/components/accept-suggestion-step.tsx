import { moneyToString, negMoney, type UnmatchedTransaction } from '@app/domain';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { NO_WRAP } from '../../../components/list-table';
import { currencySymbol, formatDate } from '../../../lib/format';
import type { MatchSuggestion } from '../api/match-suggestions-api';
import { useAcceptSuggestionForm, type AcceptSuggestionFormState } from '../hooks/use-accept-suggestion-form';
import { bookingReferencesInWords, moneyIn } from '../utils/suggestions';
import { StepHeading } from './step-heading';

interface AcceptSuggestionStepProps {
  transaction: UnmatchedTransaction;
  suggestion: MatchSuggestion;
  onBack: () => void;
  onAccepted: () => void;
}

/**
 * The confirmation before a suggestion is accepted, saying what changes: the credit's reference becomes the
 * booking's, or, for a split, the amount each booking takes (entered here when the gross does not add up).
 */
export function AcceptSuggestionStep({ transaction: t, suggestion, onBack, onAccepted }: AcceptSuggestionStepProps) {
  const state = useAcceptSuggestionForm({ transaction: t, suggestion, onAccepted });
  const refs = bookingReferencesInWords(suggestion.bookings);
  return (
    <form onSubmit={state.submit} noValidate aria-labelledby="accept-suggestion-title" data-testid="accept-suggestion">
      <Stack gap="sm">
        <StepHeading id="accept-suggestion-title" focus={!state.isSplit}>{`Accept ${refs}?`}</StepHeading>
        <FormErrorAlert state={state.failure} onClose={state.clearFailure} />
        {state.isSplit ? (
          <SplitAmounts state={state} transaction={t} suggestion={suggestion} />
        ) : (
          <Text size="sm" data-testid="accept-change">
            {`The credit's reference ${t.reference_number} becomes ${refs}; the original is kept in its history.`}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onBack} disabled={state.pending}>
            Back
          </Button>
          <Button type="submit" color="green" loading={state.pending}>
            Accept suggestion
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface SplitAmountsProps {
  state: AcceptSuggestionFormState;
  transaction: UnmatchedTransaction;
  suggestion: MatchSuggestion;
}

/** One line per booking with the amount it takes, and the amounts' total against the credit, exact. */
function SplitAmounts({ state, transaction: t, suggestion }: SplitAmountsProps) {
  const { form, total } = state;
  const symbol = <Text size="sm">{currencySymbol({ code: t.currency_code, symbol: t.currency_symbol })}</Text>;
  return (
    <>
      <Text size="sm" data-testid="accept-change">
        {`The credit of ${moneyIn(t, t.amount)} is split into one transaction per booking, each taking its ` +
          `booking's reference; the original reference ${t.reference_number} is kept in their history.`}
      </Text>
      {state.startProblem && (
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} p="xs" data-testid="split-hint">
          {state.startProblem}
        </Alert>
      )}
      <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {suggestion.bookings.map((b, i) => (
          <Group component="li" key={b.id} justify="space-between" align="flex-start" wrap="wrap" gap="xs">
            <div>
              <Text size="sm" fw={600}>
                {b.booking_reference}
              </Text>
              <Text size="xs" c="dimmed">
                {`${b.customer_name} · ${formatDate(b.booking_date)} · gross ${moneyIn(b, b.gross)}`}
              </Text>
            </div>
            <TextInput
              aria-label={`Amount ${b.booking_reference} takes`}
              type="number"
              step="0.01"
              min="0.01"
              inputMode="decimal"
              required
              w={180}
              leftSection={symbol}
              // The first amount is where a split's confirmation starts.
              autoFocus={i === 0}
              {...form.getInputProps(`amounts.${i}`)}
              onBlur={() => state.normaliseAmount(i)}
            />
          </Group>
        ))}
      </Stack>
      <SplitTotal transaction={t} total={total} />
    </>
  );
}

/** 'Total CA$1,000.00 of the credit's CA$1,120.00: CA$120.00 left to share', live and exact. */
function SplitTotal({
  transaction: t,
  total,
}: {
  transaction: UnmatchedTransaction;
  total: AcceptSuggestionFormState['total'];
}) {
  const left = total.left;
  const [status, color] =
    left === 0n
      ? ['adds up exactly', 'green']
      : left > 0n
        ? [`${moneyIn(t, moneyToString(left))} left to share`, 'orange']
        : [`${moneyIn(t, moneyToString(negMoney(left)))} more than the credit`, 'red'];
  return (
    <Text size="sm" aria-live="polite" data-testid="split-total">
      Total{' '}
      <Text span inherit fw={600} style={NO_WRAP.style}>
        {moneyIn(t, moneyToString(total.total))}
      </Text>{' '}
      of the credit&apos;s{' '}
      <Text span inherit style={NO_WRAP.style}>
        {moneyIn(t, t.amount)}
      </Text>
      :{' '}
      <Text span inherit c={color} fw={500}>
        {status}
      </Text>
    </Text>
  );
}
