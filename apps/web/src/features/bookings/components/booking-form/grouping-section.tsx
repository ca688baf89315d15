import { generateGroupName } from '@app/domain';
import { Alert, Autocomplete, Button, Checkbox, Group, Text } from '@mantine/core';
import { IconInfoCircle, IconSparkles } from '@tabler/icons-react';
import type { GroupOption } from '../../api/bookings-api';
import { findExistingGroup } from '../../utils/booking-form-values';
import type { BookingFormApi } from './types';

export const PERSONAL_BOOKING_NOTE =
  'For personal bookings you must still submit the Personal Booking form on the resource site.';

interface GroupingSectionProps {
  form: BookingFormApi;
  groups: readonly GroupOption[];
}

/** Personal Booking (with its note) and Group Booking: pick an existing group, or type or generate a new one. */
export function GroupingSection({ form, groups }: GroupingSectionProps) {
  const { is_personal: personal, is_group_booking: grouped, group } = form.values;
  const existingGroup = findExistingGroup(groups, group);
  return (
    <>
      <Checkbox
        label="Personal Booking"
        name="is_personal"
        {...form.getInputProps('is_personal', { type: 'checkbox' })}
      />
      {personal && (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} data-testid="personal-note">
          {PERSONAL_BOOKING_NOTE}
        </Alert>
      )}

      <Checkbox
        label="Group Booking"
        name="is_group_booking"
        {...form.getInputProps('is_group_booking', { type: 'checkbox', withError: false })}
      />
      {grouped && (
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <Autocomplete
            style={{ flex: 1 }}
            label="Booking Group"
            description="Pick an existing group, or type (or generate) a new group name."
            data={groups.map((g) => g.name)}
            name="booking_group_id"
            {...form.getInputProps('group')}
          />
          <Button
            variant="light"
            leftSection={<IconSparkles size={16} />}
            onClick={() => form.setFieldValue('group', generateGroupName(new Date()))}
          >
            Generate
          </Button>
        </Group>
      )}
      {grouped && group.trim() !== '' && (
        <Text size="xs" c="dimmed" data-testid="group-mode">
          {existingGroup ? `Existing group #${existingGroup.id}` : 'A new group will be created.'}
        </Text>
      )}
    </>
  );
}
