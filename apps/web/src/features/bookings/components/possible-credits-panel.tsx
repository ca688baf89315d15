import { Alert, Badge, Button, Group, List, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCheck, IconX } from '@tabler/icons-react';
import { formatDate } from '../../../lib/format';
import type { Booking } from '../api/bookings-api';
import { useCreditSuggestions, type CreditSuggestion } from '../api/credit-suggestions-api';
import { useCreditDecision, type CreditDecision } from '../hooks/use-credit-decision';
import { scoreColor } from '../../../lib/suggestion-score';
import { acceptConfirmation, creditAmount, rejectConfirmation } from '../utils/credit-suggestions';

/**
 * Possible supplier credits (issue 24 §1, the booking's side), for an admin: while the booking may still take
 * a credit, the supplier's unmatched credits that may be its money, each to use for it or to dismiss. Nothing
 * at all when it cannot take one or none looks like it, and nothing while the answer is on its way.
 */
export function PossibleCreditsPanel({ booking: b }: { booking: Booking }) {
  const suggestions = useCreditSuggestions(b.id, true);
  const decision = useCreditDecision(b.id);

  if (suggestions.isError)
    return (
      <Alert color="gray" variant="light" icon={<IconAlertCircle size={18} />} data-testid="possible-credits-error">
        Possible supplier credits could not be loaded.
      </Alert>
    );
  const data = suggestions.data;
  if (!data?.can_take_credit || data.suggestions.length === 0) return null;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="possible-credits-title">
      <Title order={4} id="possible-credits-title">
        Possible supplier credits
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Unmatched credits from {b.supplier.name} that may be this booking&apos;s money, best first.
      </Text>
      <Stack gap="sm" data-testid="possible-credits">
        {data.suggestions.map((s) => (
          <CreditCard key={s.credit.id} suggestion={s} onDecide={decision.ask} />
        ))}
      </Stack>
      <CreditDecisionModal
        deciding={decision.deciding}
        opened={decision.opened}
        bookingReference={b.booking_reference}
        refusal={decision.refusal}
        pending={decision.isPending}
        onCancel={decision.cancel}
        onConfirm={() => void decision.confirm()}
      />
    </Paper>
  );
}

/** One credit: what it is, its score and why, and the two decisions. */
function CreditCard({
  suggestion: s,
  onDecide,
}: {
  suggestion: CreditSuggestion;
  onDecide: (d: CreditDecision) => void;
}) {
  const { credit } = s;
  const color = scoreColor(s);
  return (
    <Paper withBorder radius="sm" p="sm" data-testid={`possible-credit-${credit.id}`}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {credit.reference_number}
            </Text>
            <Badge variant="light" color={color} tt="none" data-testid="credit-score" data-color={color}>
              Score {s.score}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {formatDate(credit.transaction_date)} · {credit.account_name}
          </Text>
        </div>
        <Text fw={600} data-testid="credit-amount">
          {creditAmount(credit)}
        </Text>
      </Group>
      {s.reasons.length > 0 && (
        <List size="sm" mt="xs" spacing={2} aria-label={`Why credit ${credit.reference_number} may be this booking's`}>
          {s.reasons.map((reason) => (
            <List.Item key={reason}>{reason}</List.Item>
          ))}
        </List>
      )}
      <Group gap="xs" mt="sm">
        <Button
          size="xs"
          leftSection={<IconCheck size={14} />}
          aria-label={`Use this credit: ${credit.reference_number}`}
          onClick={() => onDecide({ kind: 'accept', credit })}
        >
          Use this credit
        </Button>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconX size={14} />}
          aria-label={`Not this one: ${credit.reference_number}`}
          onClick={() => onDecide({ kind: 'reject', credit })}
        >
          Not this one
        </Button>
      </Group>
    </Paper>
  );
}

interface CreditDecisionModalProps {
  /** The decision asked about last (kept while the modal closes). */
  deciding: CreditDecision | null;
  opened: boolean;
  bookingReference: string;
  /** The server's reasons for refusing, shown above the question; the modal stays open. */
  refusal: string[] | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** The confirmation before a credit is used for the booking or dismissed: what will change, Cancel and the action. */
function CreditDecisionModal({
  deciding,
  opened,
  bookingReference,
  refusal,
  pending,
  onCancel,
  onConfirm,
}: CreditDecisionModalProps) {
  const accepting = deciding?.kind === 'accept';
  const credit = deciding?.credit;
  return (
    <Modal
      opened={opened && deciding !== null}
      onClose={() => {
        if (!pending) onCancel();
      }}
      title={accepting ? 'Use this credit?' : "Not this booking's credit?"}
    >
      {credit && (
        <Stack>
          {refusal && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="credit-refusal">
              {refusal.length === 1 ? (
                refusal[0]
              ) : (
                <List size="sm">
                  {refusal.map((message) => (
                    <List.Item key={message}>{message}</List.Item>
                  ))}
                </List>
              )}
            </Alert>
          )}
          <Text>{accepting ? acceptConfirmation(credit, bookingReference) : rejectConfirmation(credit)}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel} disabled={pending}>
              Cancel
            </Button>
            <Button color={accepting ? undefined : 'orange'} loading={pending} onClick={onConfirm} data-autofocus>
              {accepting ? 'Use this credit' : 'Not this one'}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
