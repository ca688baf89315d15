import type { SubAgentLink } from '@app/domain';
import { Alert, Button, Group, Modal, Paper, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { FullPageLoader } from '../../../components/full-page-loader';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { formatPercent } from '../../../lib/format';
import { useDeleteSubAgent, useSubAgents } from '../api/sub-agents';
import { SubAgentForm } from '../components/sub-agent-form';
import { subAgentErrorMessage } from '../utils/sub-agent-form';

type Editing = { mode: 'create' } | { mode: 'edit'; link: SubAgentLink } | null;

/** /agents/{id}/sub-agents: the parent's links; add, edit and remove (admin, or the parent themself). */
export function SubAgentsRoute() {
  const parentId = Number(useParams().id);
  const page = useSubAgents(parentId);
  const remove = useDeleteSubAgent(parentId);
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<SubAgentLink | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);

  if (page.isPending) return <FullPageLoader />;
  if (page.isError) {
    return (
      <>
        <PageHeader title="Sub Agents" />
        <QueryError
          error={page.error}
          fallback="The sub-agents could not be loaded."
          onRetry={() => void page.refetch()}
        />
      </>
    );
  }
  const { parent, data: links, candidates, suppliers } = page.data;
  const close = () => setEditing(null);
  const saved = (message: string) => {
    notifications.show({ color: 'green', message });
    close();
  };

  return (
    <>
      <PageHeader
        title="Sub Agents"
        description={`Sub-agents of ${parent.name}: they book the chosen suppliers through ${parent.name} for a split of the commission.`}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ mode: 'create' })}>
            Add Sub Agent
          </Button>
        }
      />
      <Paper withBorder radius="md">
        {links.length === 0 ? (
          <Text p="xl" ta="center" c="dimmed" data-testid="empty-state">
            No sub-agents yet.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table data-testid="sub-agents-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Sub Agent</Table.Th>
                  <Table.Th>Split Percentage</Table.Th>
                  <Table.Th>Suppliers</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {links.map((link) => (
                  <Table.Tr key={link.id}>
                    <Table.Td>
                      <Text fw={500}>{link.sub_agent.name}</Text>
                      <Text size="xs" c="dimmed">
                        {link.sub_agent.email || 'No Email'}
                      </Text>
                    </Table.Td>
                    <Table.Td>{formatPercent(link.split_percentage)}</Table.Td>
                    <Table.Td>{link.suppliers.map((s) => s.name).join(', ') || '—'}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button size="xs" variant="subtle" onClick={() => setEditing({ mode: 'edit', link })}>
                          Edit
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          onClick={() => {
                            setRemoveError(null);
                            setRemoving(link);
                          }}
                        >
                          Remove
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>

      <Modal
        opened={editing !== null}
        onClose={close}
        title={editing?.mode === 'edit' ? 'Edit Sub Agent' : 'Add Sub Agent'}
        size="lg"
      >
        {editing !== null && (
          <SubAgentForm
            key={editing.mode === 'edit' ? editing.link.id : 'new'}
            parentId={parentId}
            link={editing.mode === 'edit' ? editing.link : undefined}
            candidates={candidates}
            suppliers={suppliers}
            onSaved={saved}
            onCancel={close}
          />
        )}
      </Modal>

      <Modal opened={removing !== null} onClose={() => setRemoving(null)} title="Remove sub-agent">
        {removing && (
          <Stack>
            {removeError && <Alert color="red">{removeError}</Alert>}
            <Text>
              Remove {removing.sub_agent.name} as a sub-agent of {parent.name}? Their future bookings of these suppliers
              will no longer go through {parent.name}.
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setRemoving(null)} disabled={remove.isPending}>
                Cancel
              </Button>
              <Button
                color="red"
                loading={remove.isPending}
                onClick={() =>
                  remove.mutate(removing.sub_agent_id, {
                    onSuccess: (body) => {
                      notifications.show({ color: 'green', message: body?.message ?? 'Removed.' });
                      setRemoving(null);
                    },
                    onError: (error) => setRemoveError(subAgentErrorMessage(error)),
                  })
                }
              >
                Remove
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
