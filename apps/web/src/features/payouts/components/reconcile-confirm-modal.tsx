import { Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { NO_WRAP } from '../../../components/list-table';
import type { GrossDrop } from '../utils/bulk-summary';
import { money, totalsText } from '../utils/money';

interface ReconcileConfirmModalProps {
  /** The bookings whose gross the reconcile lowers; the modal is open while there are some. */
  drops: readonly GrossDrop[] | null;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * Reconcile is never a silent default while money may still come: before a reconcile lowers a booking's
 * gross to what the supplier paid, the person sees each such booking, from what to what and by how much
 * (per currency), and confirms. Cancel sends nothing.
 */
export function ReconcileConfirmModal({ drops, onCancel, onConfirm }: ReconcileConfirmModalProps) {
  const list = drops ?? [];
  const count = list.length;
  return (
    <Modal opened={count > 0} onClose={onCancel} title="Confirm reconcile" size="lg">
      <Stack gap="sm">
        <Text size="sm">
          Reconciling sets a booking&apos;s gross commission to what the supplier paid. The gross of{' '}
          {count === 1 ? 'this booking' : `these ${count} bookings`} will drop, and what is dropped can never be paid
          out, even if the supplier pays more later.
        </Text>
        <Table fz="sm" withTableBorder data-testid="reconcile-drops">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Booking reference</Table.Th>
              <Table.Th ta="right">Gross now</Table.Th>
              <Table.Th ta="right">Gross after</Table.Th>
              <Table.Th ta="right">Drop</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((d) => (
              <Table.Tr key={d.booking.id}>
                <Table.Td fw={600} {...NO_WRAP}>
                  {d.booking.booking_reference}
                </Table.Td>
                <Table.Td ta="right">{money(d.from, d.currency)}</Table.Td>
                <Table.Td ta="right">{money(d.to, d.currency)}</Table.Td>
                <Table.Td ta="right" c="red">
                  {money(d.drop, d.currency)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          {count > 1 && (
            <Table.Tfoot>
              <Table.Tr fw={600}>
                <Table.Td colSpan={3}>Total dropped</Table.Td>
                <Table.Td ta="right" data-testid="reconcile-drop-total">
                  {totalsText(list.map((d) => ({ currency: d.currency, amount: d.drop })))}
                </Table.Td>
              </Table.Tr>
            </Table.Tfoot>
          )}
        </Table>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button color="orange" onClick={onConfirm}>
            Confirm
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
