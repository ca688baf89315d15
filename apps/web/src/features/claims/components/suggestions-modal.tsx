import type { UnmatchedTransaction } from '@app/domain';
import { Alert, Button, Group, List, Modal, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useIsMutating } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { DataTable, NO_WRAP, type ListColumn } from '../../../components/list-table';
import { getErrorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { decideSuggestionKey, useRejectSuggestion, type MatchSuggestion } from '../api/match-suggestions-api';
import { bookingReferences, bookingReferencesInWords, moneyIn } from '../utils/suggestions';
import { AcceptSuggestionStep } from './accept-suggestion-step';
import { StepHeading } from './step-heading';
import { ScoreBadge } from './suggestion-summary';
import { Fact, transactionAmount } from './transaction-facts';

interface SuggestionsModalProps {
  /** The credit whose suggestions are reviewed; the modal is open while there is one. */
  transaction: UnmatchedTransaction | null;
  /** Its suggestions, best first, as the page's suggestions query has them now. */
  suggestions: readonly MatchSuggestion[];
  onClose: () => void;
}

/**
 * 'Suggestions for {reference}': the credit, then each booking (or pair of bookings) it may be, with its score
 * and the reasons, to accept (the credit then matches it) or reject (never suggested again), each after a
 * confirmation saying what changes.
 */
export function SuggestionsModal({ transaction, suggestions, onClose }: SuggestionsModalProps) {
  const busy = useIsMutating({ mutationKey: decideSuggestionKey }) > 0;
  return (
    <Modal
      opened={transaction !== null}
      onClose={busy ? () => {} : onClose}
      title={transaction ? `Suggestions for ${transaction.reference_number}` : 'Suggestions'}
      size="lg"
    >
      {transaction && (
        <SuggestionsReview key={transaction.id} transaction={transaction} suggestions={suggestions} onClose={onClose} />
      )}
    </Modal>
  );
}

type Step =
  /** `returnTo`: where the focus goes back to, the Accept button of a suggestion (its key) or the heading. */
  | { kind: 'list'; returnTo?: string | typeof HEADING }
  | { kind: 'accept'; suggestion: MatchSuggestion }
  | { kind: 'reject'; suggestion: MatchSuggestion };

const HEADING = 'heading';

/** A suggestion's identity: its bookings' ids ('12', or '12+13' for a split). */
const keyOf = (s: MatchSuggestion) => s.bookings.map((b) => b.id).join('+');

interface SuggestionsReviewProps {
  transaction: UnmatchedTransaction;
  suggestions: readonly MatchSuggestion[];
  onClose: () => void;
}

function SuggestionsReview({ transaction, suggestions, onClose }: SuggestionsReviewProps) {
  const [step, setStep] = useState<Step>({ kind: 'list' });
  const back = (from: MatchSuggestion) => setStep({ kind: 'list', returnTo: keyOf(from) });
  return (
    <Stack gap="md">
      <CreditFacts transaction={transaction} />
      {step.kind === 'list' && (
        <SuggestionList
          suggestions={suggestions}
          returnTo={step.returnTo}
          onAccept={(suggestion) => setStep({ kind: 'accept', suggestion })}
          onReject={(suggestion) => setStep({ kind: 'reject', suggestion })}
          onClose={onClose}
        />
      )}
      {step.kind === 'accept' && (
        <AcceptSuggestionStep
          transaction={transaction}
          suggestion={step.suggestion}
          onBack={() => back(step.suggestion)}
          onAccepted={onClose}
        />
      )}
      {step.kind === 'reject' && (
        <RejectSuggestionStep
          transaction={transaction}
          suggestion={step.suggestion}
          onBack={() => back(step.suggestion)}
          // The rejected suggestion leaves the list: the focus goes to the list's heading.
          onRejected={() => setStep({ kind: 'list', returnTo: HEADING })}
        />
      )}
    </Stack>
  );
}

/** The credit the suggestions are for: when it came, how much, from which supplier. */
function CreditFacts({ transaction: t }: { transaction: UnmatchedTransaction }) {
  return (
    <SimpleGrid cols={3} spacing="md" data-testid="suggestion-credit">
      <Fact label="Date">{formatDate(t.transaction_date)}</Fact>
      <Fact label="Amount">{transactionAmount(t)}</Fact>
      <Fact label="Supplier">{t.supplier_name}</Fact>
    </SimpleGrid>
  );
}

interface SuggestionListProps {
  suggestions: readonly MatchSuggestion[];
  /** The suggestion whose confirmation was left with Back (its Accept button has the focus again), or the heading. */
  returnTo?: string;
  onAccept: (s: MatchSuggestion) => void;
  onReject: (s: MatchSuggestion) => void;
  onClose: () => void;
}

function SuggestionList({ suggestions, returnTo, onAccept, onReject, onClose }: SuggestionListProps) {
  const list = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (returnTo === undefined) return;
    const button =
      returnTo === HEADING ? null : list.current?.querySelector<HTMLElement>(`[data-accept="${returnTo}"]`);
    (button ?? heading.current)?.focus();
  }, [returnTo]);
  return (
    <Stack gap="sm" ref={list}>
      <Title order={3} size="h5" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
        Suggested bookings
      </Title>
      {suggestions.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="suggestions-empty">
          No suggestions left for this credit: claim it, or wait for its booking.
        </Text>
      ) : (
        suggestions.map((s) => (
          <SuggestionCard key={keyOf(s)} suggestion={s} onAccept={() => onAccept(s)} onReject={() => onReject(s)} />
        ))
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </Group>
    </Stack>
  );
}

type Booking = MatchSuggestion['bookings'][number];

const BOOKING_COLUMNS: ListColumn<Booking>[] = [
  { header: 'Reference', td: { fw: 500, ...NO_WRAP }, cell: (b) => b.booking_reference },
  { header: 'Customer', cell: (b) => b.customer_name },
  { header: 'Booking date', td: NO_WRAP, cell: (b) => formatDate(b.booking_date) },
  { header: 'Gross', th: { ta: 'right' }, td: { ta: 'right', ...NO_WRAP }, cell: (b) => moneyIn(b, b.gross) },
];

interface SuggestionCardProps {
  suggestion: MatchSuggestion;
  onAccept: () => void;
  onReject: () => void;
}

/** One suggestion: its booking(s), score and reasons, and Accept and Reject naming the booking(s). */
function SuggestionCard({ suggestion: s, onAccept, onReject }: SuggestionCardProps) {
  const key = keyOf(s);
  const titleId = `suggestion-${key}`;
  const refs = bookingReferencesInWords(s.bookings);
  return (
    <Paper component="article" withBorder radius="md" p="sm" aria-labelledby={titleId} data-testid="suggestion-card">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <div>
            <Text fw={600} id={titleId}>
              {bookingReferences(s.bookings)}
            </Text>
            {s.bookings.length > 1 && (
              <Text size="xs" c="dimmed">
                A split: the credit pays these {s.bookings.length} bookings together.
              </Text>
            )}
          </div>
          <Stack gap={2} align="flex-end">
            <ScoreBadge suggestion={s} />
            {s.auto_accept && (
              <Text size="xs" c="green.8">
                Clear match
              </Text>
            )}
          </Stack>
        </Group>
        <DataTable
          columns={BOOKING_COLUMNS}
          rows={s.bookings}
          rowKey={(b) => b.id}
          testId="suggestion-bookings"
          minWidth={420}
          tableProps={{ fz: 'sm', verticalSpacing: 4 }}
        />
        <div>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            Why
          </Text>
          <List size="sm" data-testid="suggestion-reasons">
            {s.reasons.map((reason) => (
              <List.Item key={reason}>{reason}</List.Item>
            ))}
          </List>
        </div>
        <Group justify="flex-end" gap="xs">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconX size={14} />}
            aria-label={`Reject ${refs}`}
            onClick={onReject}
          >
            Reject
          </Button>
          <Button
            color="green"
            size="xs"
            leftSection={<IconCheck size={14} />}
            aria-label={`Accept ${refs}`}
            data-accept={key}
            onClick={onAccept}
          >
            Accept
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

interface RejectSuggestionStepProps {
  transaction: UnmatchedTransaction;
  suggestion: MatchSuggestion;
  onBack: () => void;
  onRejected: () => void;
}

/** The confirmation before a suggestion is rejected; once it is, the list shows without it. */
function RejectSuggestionStep({ transaction, suggestion, onBack, onRejected }: RejectSuggestionStepProps) {
  const reject = useRejectSuggestion();
  const refs = bookingReferencesInWords(suggestion.bookings);
  const confirm = () =>
    reject.mutate(
      { transactionId: transaction.id, booking_ids: suggestion.bookings.map((b) => b.id) },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'green', message: answer.message });
          onRejected();
        },
      },
    );
  return (
    <Stack gap="sm" data-testid="reject-suggestion">
      <StepHeading id="reject-suggestion-title">{`Reject ${refs}?`}</StepHeading>
      {reject.isError && (
        <Alert color="red" variant="light" data-testid="form-error">
          {getErrorMessage(reject.error, 'The suggestion could not be rejected.')}
        </Alert>
      )}
      <Text size="sm">
        {`${refs} will never be suggested again for ${transaction.reference_number}. The credit stays unmatched.`}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onBack} disabled={reject.isPending}>
          Back
        </Button>
        <Button color="red" loading={reject.isPending} onClick={confirm}>
          Reject suggestion
        </Button>
      </Group>
    </Stack>
  );
}
