import { FOLLOW_UP_NOTE_MAX } from '@app/domain';
import {
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconMessagePlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { NO_WRAP } from '../../../components/list-table';
import { QueryContent } from '../../../components/query-content';
import { todayUtc } from '../../../lib/dates';
import { formatCount, formatDate } from '../../../lib/format';
import { useFollowUps, type FollowUp, type OverdueRow } from '../api/overdue-api';
import { useFollowUpForm } from '../hooks/use-follow-up-form';
import { BUCKET_COLORS, moneyOf } from '../utils/aging';

interface FollowUpModalProps {
  /** The booking being chased; the modal is open while there is one. */
  booking: OverdueRow | null;
  onClose: () => void;
}

/** A booking's follow-up notes: what it owes, who chased it when and what was said, and a new note. */
export function FollowUpModal({ booking, onClose }: FollowUpModalProps) {
  return (
    <Modal
      opened={booking !== null}
      onClose={onClose}
      title={booking ? `Follow up ${booking.booking_reference}` : 'Follow up'}
      size="lg"
    >
      {booking && <FollowUpContent key={booking.booking_id} booking={booking} onClose={onClose} />}
    </Modal>
  );
}

function FollowUpContent({ booking, onClose }: { booking: OverdueRow; onClose: () => void }) {
  return (
    <Stack gap="md">
      <BookingSummary booking={booking} />
      <FollowUpHistory bookingId={booking.booking_id} />
      <FollowUpForm bookingId={booking.booking_id} onClose={onClose} />
    </Stack>
  );
}

/** What the booking owes, in a description list. */
function BookingSummary({ booking: b }: { booking: OverdueRow }) {
  const item = (term: string, details: ReactNode) => (
    <div key={term}>
      <Text component="dt" size="xs" c="dimmed" fw={600}>
        {term}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
        {details}
      </Text>
    </div>
  );
  return (
    <SimpleGrid
      component="dl"
      m={0}
      cols={{ base: 2, xs: 3 }}
      spacing="md"
      verticalSpacing="xs"
      data-testid="follow-up-booking"
    >
      {item('Reference', b.booking_reference)}
      {item('Customer', b.customer_name)}
      {item('Supplier', b.supplier_name)}
      {item(
        'Outstanding',
        // A narrow modal wraps between the two parts, never inside an amount.
        <>
          <Text span inherit fw={600} style={NO_WRAP.style}>
            {moneyOf(b, b.outstanding)}
          </Text>{' '}
          <Text span size="xs" c="dimmed" style={NO_WRAP.style}>
            of {moneyOf(b, b.gross)}
          </Text>
        </>,
      )}
      {item(
        'Days past due',
        <Badge variant="light" color={BUCKET_COLORS[b.bucket]}>
          {formatCount(b.days_past_due, 'day')}
        </Badge>,
      )}
      {item('Due date', formatDate(b.due_date))}
    </SimpleGrid>
  );
}

const noteTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** The notes so far, newest first; a long history scrolls, keeping the form in view. */
function FollowUpHistory({ bookingId }: { bookingId: number }) {
  const notes = useFollowUps(bookingId);
  return (
    <section aria-labelledby="follow-up-history-title">
      <Title order={3} size="h5" id="follow-up-history-title" mb="xs">
        History
      </Title>
      <QueryContent query={notes} noun="follow-up notes">
        {(list) =>
          list.length === 0 ? (
            <Text size="sm" c="dimmed" data-testid="follow-ups-empty">
              No follow-up notes yet.
            </Text>
          ) : (
            <ScrollArea.Autosize mah={260} type="auto" viewportProps={{ tabIndex: 0, 'aria-label': 'Follow-up notes' }}>
              <Stack component="ol" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
                {list.map((note) => (
                  <FollowUpNote key={note.id} note={note} />
                ))}
              </Stack>
            </ScrollArea.Autosize>
          )
        }
      </QueryContent>
    </section>
  );
}

function FollowUpNote({ note }: { note: FollowUp }) {
  return (
    <Paper component="li" withBorder radius="sm" p="xs" data-testid="follow-up">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="xs" fw={600}>
          {note.user_name ?? 'Unknown user'}
        </Text>
        <Text size="xs" c="dimmed" component="time" dateTime={note.created_at}>
          {noteTime.format(new Date(note.created_at))}
        </Text>
      </Group>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-prose>
        {note.note}
      </Text>
      {note.next_follow_up_date && (
        <Text size="xs" c="dimmed" mt={4}>
          Next follow-up: {formatDate(note.next_follow_up_date)}
        </Text>
      )}
    </Paper>
  );
}

/** A new note, and the day to chase again (optional, today or later: the server's calendar, UTC). */
function FollowUpForm({ bookingId, onClose }: { bookingId: number; onClose: () => void }) {
  const { form, submit, failure, clearFailure, pending } = useFollowUpForm(bookingId);
  return (
    <form onSubmit={submit} noValidate aria-label="Add a follow-up note">
      <Stack gap="sm">
        <FormErrorAlert state={failure} onClose={clearFailure} />
        <Textarea
          label="Note"
          required
          autosize
          minRows={3}
          maxRows={8}
          maxLength={FOLLOW_UP_NOTE_MAX}
          placeholder="Who you spoke to, and what they said"
          data-autofocus
          {...form.getInputProps('note')}
        />
        <DateInput
          label="Next follow-up"
          description="Optional: the day to chase again, today or later."
          placeholder="Pick a date"
          valueFormat="MMM D, YYYY"
          minDate={todayUtc()}
          clearable
          styles={{ wrapper: { maxWidth: 260 } }}
          {...form.getInputProps('next_follow_up_date')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={pending}>
            Close
          </Button>
          <Button
            type="submit"
            disabled={pending}
            leftSection={pending ? <Loader size={14} color="gray" /> : <IconMessagePlus size={16} />}
          >
            {pending ? 'Adding...' : 'Add note'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
