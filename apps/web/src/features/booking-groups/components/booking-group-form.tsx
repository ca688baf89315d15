import type { BookingGroup } from '@app/domain';
import { Alert, Button, Group, Paper, Stack, Textarea, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { useBookingGroupForm } from '../hooks/use-booking-group-form';
import { AvailableBookingsPicker } from './available-bookings-picker';

interface BookingGroupFormProps {
  group?: BookingGroup;
  /** Where Cancel and a successful save go (the page supplies it). */
  cancelUrl?: string;
}

/** The booking-group form (spec §2 "Booking-group form", §5, §8). */
export function BookingGroupForm({ group, cancelUrl = paths.bookingGroups.list }: BookingGroupFormProps) {
  const form = useBookingGroupForm(group, cancelUrl);
  return (
    <form onSubmit={(e) => void form.submit(e)} noValidate>
      <Stack>
        {form.message && (
          <Alert color="red" variant="light" role="alert">
            {form.message}
          </Alert>
        )}
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <TextInput
              label="Group Name"
              required
              value={form.name}
              onChange={(e) => form.setName(e.currentTarget.value)}
              error={form.errors.name}
            />
            <Textarea
              label="Description"
              autosize
              minRows={2}
              value={form.description}
              onChange={(e) => form.setDescription(e.currentTarget.value)}
              error={form.errors.description}
            />
          </Stack>
        </Paper>
        <AvailableBookingsPicker {...form.picker} />
        <Group justify="flex-end">
          <Button variant="default" component={Link} to={cancelUrl}>
            Cancel
          </Button>
          <Button type="submit" loading={form.saving}>
            {group ? 'Update Group' : 'Create Group'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
