import { Button, Group, Modal, Stack, Table, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { NO_WRAP } from '../../../components/list-table';
import type { BulkResponse } from '../api/payouts-api';

interface ResultsModalProps {
  results: BulkResponse | null;
  onClose: () => void;
}

/** 'Processing Results': each booking reference with its status and message, a green or red icon each. */
export function ResultsModal({ results, onClose }: ResultsModalProps) {
  return (
    <Modal opened={results !== null} onClose={onClose} title="Processing Results" size="lg">
      {results && (
        <Stack gap="sm">
          <Text size="sm" c={results.status === 'success' ? undefined : 'red'} data-testid="results-message">
            {results.message}
          </Text>
          <Table fz="sm" data-testid="results-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={1}>
                  <VisuallyHidden>Result</VisuallyHidden>
                </Table.Th>
                <Table.Th>Booking reference</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Message</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {results.results.map((r) => {
                const ok = r.status === 'success';
                return (
                  <Table.Tr key={`${r.booking_id}-${r.booking_reference}`} data-status={r.status}>
                    <Table.Td>
                      <ThemeIcon
                        color={ok ? 'green' : 'red'}
                        variant="light"
                        size="sm"
                        radius="xl"
                        role="img"
                        aria-label={ok ? 'Succeeded' : 'Failed'}
                      >
                        {ok ? <IconCircleCheck size={14} /> : <IconCircleX size={14} />}
                      </ThemeIcon>
                    </Table.Td>
                    <Table.Td fw={600} {...NO_WRAP}>
                      {r.booking_reference}
                    </Table.Td>
                    <Table.Td>{r.status}</Table.Td>
                    <Table.Td>{r.message}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
          <Group justify="flex-end">
            <Button onClick={onClose}>Close</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
