import { Checkbox, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import type { Dispatch } from 'react';
import { formatCount } from '../../../lib/format';
import type { BulkMode } from '../utils/bulk-filters';
import type { GroupPage } from '../utils/bulk-groups';
import { blockReason } from '../utils/bulk-row';
import type { BulkAction, BulkState } from '../utils/bulk-state';
import { totalsText } from '../utils/money';
import { BulkBookingRow } from './bulk-booking-row';

interface BulkGroupsTableProps {
  groups: readonly GroupPage[];
  state: BulkState;
  mode: BulkMode;
  text: string;
  dispatch: Dispatch<BulkAction>;
}

/** The search's bookings grouped by primary agent: a header per group (count, commission per currency, select all). */
export function BulkGroupsTable({ groups, state, mode, text, dispatch }: BulkGroupsTableProps) {
  const columns = mode === 'payout' ? 11 : 10;
  return (
    // Fits the content width of a 1360-px-wide window beside the navigation; narrower, it scrolls sideways.
    <Table.ScrollContainer minWidth={1000}>
      <Table verticalSpacing="xs" horizontalSpacing={6} fz="sm" data-testid="bulk-bookings-table">
        <Table.Thead fz="xs">
          <Table.Tr>
            <Table.Th w={1}>
              <VisuallyHidden>Select</VisuallyHidden>
            </Table.Th>
            <Table.Th>Booking reference</Table.Th>
            <Table.Th>Supplier</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th ta="right">Booking amount</Table.Th>
            <Table.Th ta="right">Transaction amount</Table.Th>
            <Table.Th ta="right">Agent commission</Table.Th>
            <Table.Th>{mode === 'payout' ? 'Payout amount' : 'Reconcile amount'}</Table.Th>
            <Table.Th>Commission split</Table.Th>
            {mode === 'payout' && <Table.Th>Reconcile</Table.Th>}
            <Table.Th>Custom commission</Table.Th>
          </Table.Tr>
        </Table.Thead>
        {groups.map(({ group, bookings, continued }) => {
          // A booking the server says cannot be paid is never selected, by its box or the group's.
          const ids = group.bookings.filter((b) => blockReason(b) === null).map((b) => b.id);
          const selected = ids.filter((id) => state.rows.get(id)?.selected).length;
          const all = ids.length > 0 && selected === ids.length;
          const count = formatCount(group.bookings.length, 'booking');
          return (
            <Table.Tbody key={group.agentId} data-testid={`agent-group-${group.agentId}`}>
              <Table.Tr bg="var(--mantine-color-gray-light)">
                <Table.Td>
                  <Checkbox
                    aria-label={`Select all bookings of ${group.agentName}`}
                    checked={all}
                    disabled={ids.length === 0}
                    indeterminate={selected > 0 && !all}
                    onChange={() => dispatch({ type: 'select', ids, selected: !all })}
                  />
                </Table.Td>
                <Table.Td colSpan={columns - 1}>
                  <Group gap="lg" wrap="wrap">
                    <Text fw={700} size="sm" data-testid="group-agent">
                      {group.agentName}
                      {continued ? ' (continued)' : ''}
                    </Text>
                    <Text size="sm" c="dimmed" data-testid="group-count">
                      {count}
                    </Text>
                    <Text size="sm" data-testid="group-commission">
                      Total commission: {totalsText(group.commission)}
                    </Text>
                  </Group>
                </Table.Td>
              </Table.Tr>
              {bookings.map((b) => {
                const row = state.rows.get(b.id);
                return row ? (
                  <BulkBookingRow key={b.id} booking={b} row={row} mode={mode} text={text} dispatch={dispatch} />
                ) : null;
              })}
            </Table.Tbody>
          );
        })}
      </Table>
    </Table.ScrollContainer>
  );
}
