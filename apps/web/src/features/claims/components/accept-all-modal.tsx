import { ACCEPT_MESSAGES, MIN_AUTO_ACCEPT_SCORE } from '@app/domain';
import { Alert, Button, Group, List, Loader, Modal, NumberInput, Stack, Text, Title } from '@mantine/core';
import { IconChecks, IconInfoCircle, IconListSearch } from '@tabler/icons-react';
import { useIsMutating } from '@tanstack/react-query';
import { useState } from 'react';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { DataTable, NO_WRAP, type ListColumn } from '../../../components/list-table';
import { formatCount, formatDate } from '../../../lib/format';
import { acceptAllKey, type AcceptAllPreview } from '../api/match-suggestions-api';
import {
  FIRST_MIN_SCORE,
  useAcceptAllForm,
  type AcceptAllFilters,
  type AcceptAllOutcome,
} from '../hooks/use-accept-all-form';
import { customersOf, moneyIn } from '../utils/suggestions';
import { ScoreBadge } from './suggestion-summary';

interface AcceptAllModalProps {
  opened: boolean;
  /** The unmatched table's filters: the credits 'Accept all' looks at. */
  filters: AcceptAllFilters;
  onClose: () => void;
}

/**
 * 'Accept all above…': a minimum score, a preview of what would be accepted and what would be left to the
 * admin (with reasons), then exactly those suggestions accepted, and what came of each.
 */
export function AcceptAllModal({ opened, filters, onClose }: AcceptAllModalProps) {
  // The admin's auto-accept threshold once a preview has told it: the next opening starts from it.
  const [threshold, setThreshold] = useState<number | null>(null);
  const applying = useIsMutating({ mutationKey: acceptAllKey }) > 0;
  return (
    <Modal
      opened={opened}
      onClose={applying ? () => {} : onClose}
      title="Accept all suggestions above a score"
      size="xl"
    >
      {opened && (
        <AcceptAllContent
          filters={filters}
          startScore={threshold ?? FIRST_MIN_SCORE}
          threshold={threshold}
          onThreshold={setThreshold}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

interface AcceptAllContentProps {
  filters: AcceptAllFilters;
  startScore: number;
  threshold: number | null;
  onThreshold: (threshold: number) => void;
  onClose: () => void;
}

function AcceptAllContent({ filters, startScore, threshold, onThreshold, onClose }: AcceptAllContentProps) {
  const state = useAcceptAllForm({ filters, startScore, onThreshold });
  const { form, preview, outcome } = state;
  const busy = state.previewing || state.applying;
  const count = preview?.items.length ?? 0;
  return (
    <Stack gap="md">
      <form onSubmit={state.runPreview} noValidate aria-label="Preview accepting all">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <NumberInput
            label="Minimum score"
            description={
              threshold === null
                ? `From ${MIN_AUTO_ACCEPT_SCORE} to 100, at or above your auto-accept threshold.`
                : `From ${MIN_AUTO_ACCEPT_SCORE} to 100, at or above your auto-accept threshold (${threshold}).`
            }
            required
            min={MIN_AUTO_ACCEPT_SCORE}
            max={100}
            step={1}
            allowDecimal={false}
            allowNegative={false}
            w={320}
            data-autofocus
            {...form.getInputProps('min_score')}
          />
          <Button
            type="submit"
            variant="light"
            disabled={busy}
            leftSection={state.previewing ? <Loader size={14} color="gray" /> : <IconListSearch size={16} />}
          >
            Preview
          </Button>
        </Group>
      </form>
      <FormErrorAlert state={state.failure} onClose={state.clearFailure} />
      {state.stale && (
        <Text size="sm" c="dimmed" data-testid="accept-all-stale">
          {`Preview again to see what a minimum score of ${String(form.values.min_score)} would accept.`}
        </Text>
      )}
      {preview && <PreviewView preview={preview} />}
      {outcome && <OutcomeView outcome={outcome} />}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={state.applying}>
          Close
        </Button>
        {!outcome && (
          <Button
            color="green"
            leftSection={<IconChecks size={16} />}
            disabled={count === 0 || state.previewing}
            loading={state.applying}
            onClick={() => void state.apply()}
          >
            {`Accept ${formatCount(count, 'suggestion')}`}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

type PreviewItem = AcceptAllPreview['items'][number];

const ITEM_COLUMNS: ListColumn<PreviewItem>[] = [
  {
    header: 'Credit',
    td: NO_WRAP,
    cell: (i) => (
      <>
        <Text size="sm" fw={500}>
          {i.reference_number}
        </Text>
        <Text size="xs" c="dimmed">
          {formatDate(i.transaction_date)}
        </Text>
      </>
    ),
  },
  {
    header: 'Becomes',
    cell: (i) => (
      <>
        <Text size="sm" fw={500}>
          {i.bookings.length === 1
            ? i.bookings[0]!.booking_reference
            : i.bookings.map((b) => `${b.booking_reference} (${moneyIn(b, b.amount)})`).join(' + ')}
        </Text>
        <Text size="xs" c="dimmed">
          {i.reasons.join('; ')}
        </Text>
      </>
    ),
  },
  { header: 'Customer', cell: (i) => customersOf(i.bookings) },
  { header: 'Supplier', cell: (i) => i.supplier_name },
  { header: 'Amount', th: { ta: 'right' }, td: { ta: 'right', ...NO_WRAP }, cell: (i) => moneyIn(i, i.amount) },
  // Every item is a clear match at the previewed score, at or above the threshold: green.
  { header: 'Score', cell: (i) => <ScoreBadge suggestion={{ score: i.score, auto_accept: true }} compact /> },
];

/** What 'Accept all' would do at the previewed score: the counts, the items, and the credits left with why. */
function PreviewView({ preview }: { preview: AcceptAllPreview }) {
  const { items, skipped } = preview;
  return (
    <Stack gap="sm" data-testid="accept-all-preview">
      <Text fw={600} aria-live="polite" data-testid="accept-all-counts">
        {`${formatCount(items.length, 'suggestion')} will be accepted, ${formatCount(skipped.length, 'credit')} left for you.`}
      </Text>
      {preview.more && (
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} p="xs" data-testid="accept-all-more">
          {`Only the oldest ${preview.considered.toLocaleString('en-GB')} unmatched credits were looked at.`}
        </Alert>
      )}
      {items.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="accept-all-empty">
          {ACCEPT_MESSAGES.noSuggestion(preview.min_score)}
        </Text>
      ) : (
        <DataTable
          columns={ITEM_COLUMNS}
          rows={items}
          rowKey={(i) => i.transaction_id}
          testId="accept-all-items"
          minWidth={720}
          maxHeight={360}
          tableProps={{ fz: 'sm' }}
        />
      )}
      {skipped.length > 0 && (
        <section aria-labelledby="accept-all-skipped-title">
          <Title order={3} size="h6" id="accept-all-skipped-title" mb={4}>
            Left for you
          </Title>
          <List size="sm" spacing={2} data-testid="accept-all-skipped">
            {skipped.map((s) => (
              <List.Item key={s.transaction_id}>
                <Text span inherit fw={500}>
                  {s.reference_number}
                </Text>
                {` (${s.supplier_name}, ${moneyIn(s, s.amount)}): ${s.reason}`}
              </List.Item>
            ))}
          </List>
        </section>
      )}
    </Stack>
  );
}

/** What came of the accepting: how many were accepted, and the credits left after all, with why. */
function OutcomeView({ outcome }: { outcome: AcceptAllOutcome }) {
  const { accepted, skipped, referenceOf } = outcome;
  return (
    <Stack gap="xs" data-testid="accept-all-outcome">
      <Alert variant="light" color="green" icon={<IconChecks size={18} />} p="xs" aria-live="polite">
        {outcome.message}
      </Alert>
      <List size="sm" spacing={2} data-testid="accept-all-accepted">
        {accepted.map((a) => (
          <List.Item key={a.transaction_id}>
            <Text span inherit fw={500}>
              {referenceOf.get(a.transaction_id) ?? `Transaction #${a.transaction_id}`}
            </Text>
            {` now matches ${a.parts.map((p) => p.booking_reference).join(' + ')}`}
          </List.Item>
        ))}
      </List>
      {skipped.length > 0 && (
        <Text size="sm" fw={600}>
          {`${formatCount(skipped.length, 'credit')} left for you:`}
        </Text>
      )}
      {skipped.length > 0 && (
        <List size="sm" spacing={2}>
          {skipped.map((s) => (
            <List.Item key={s.transaction_id}>
              <Text span inherit fw={500}>
                {referenceOf.get(s.transaction_id) ?? `Transaction #${s.transaction_id}`}
              </Text>
              {`: ${s.reason}`}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
