import type { SubAgentLink } from '@app/domain';
import { Button, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { EditModal, useEditModal } from '../../../components/edit-modal';
import { ListPage } from '../../../components/list-page';
import { EditButton, ListTable, NO_WRAP, type ListColumn } from '../../../components/list-table';
import { EMPTY_VALUE, formatPercent } from '../../../lib/format';
import { useDeleteSubAgent, useSubAgents } from '../api/sub-agents';
import { SubAgentForm } from '../components/sub-agent-form';
import { subAgentErrorMessage } from '../utils/sub-agent-form';

/** /agents/{id}/sub-agents: the parent's links; add, edit and remove (admin, or the parent themself). */
export function SubAgentsRoute() {
  const parentId = Number(useParams().id);
  const page = useSubAgents(parentId);
  const remove = useDeleteSubAgent(parentId);
  const editor = useEditModal<SubAgentLink>({ create: 'Add Sub Agent', edit: 'Edit Sub Agent' });
  const [removing, setRemoving] = useState<SubAgentLink | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const parent = page.data?.parent;
  const saved = (message: string) => {
    notifications.show({ color: 'green', message });
    editor.close();
  };
  const removeLink = () =>
    removing &&
    remove.mutate(removing.sub_agent_id, {
      onSuccess: (body) => {
        notifications.show({ color: 'green', message: body?.message ?? 'Removed.' });
        setRemoving(null);
      },
      onError: (error) => setRemoveError(subAgentErrorMessage(error)),
    });
  const columns: ListColumn<SubAgentLink>[] = [
    {
      header: 'Sub Agent',
      cell: ({ sub_agent }) => (
        <>
          <Text fw={500}>{sub_agent.name}</Text>
          <Text size="xs" c="dimmed">
            {sub_agent.email || 'No Email'}
          </Text>
        </>
      ),
    },
    { header: 'Split Percentage', cell: (link) => formatPercent(link.split_percentage) },
    { header: 'Suppliers', cell: (link) => link.suppliers.map((s) => s.name).join(', ') || EMPTY_VALUE },
    {
      header: 'Actions',
      td: NO_WRAP,
      cell: (link) => (
        <>
          <EditButton label={`Edit ${link.sub_agent.name}`} onClick={() => editor.openEdit(link)} />
          <Button
            size="xs"
            variant="subtle"
            color="red"
            aria-label={`Remove ${link.sub_agent.name}`}
            onClick={() => {
              setRemoveError(null);
              setRemoving(link);
            }}
          >
            Remove
          </Button>
        </>
      ),
    },
  ];

  return (
    <ListPage
      title="Sub Agents"
      description={
        parent &&
        `Sub-agents of ${parent.name}: they book the chosen suppliers through ${parent.name} for a split of the commission.`
      }
      create={page.data && { label: 'Add Sub Agent', onClick: editor.openCreate }}
      after={
        page.data && (
          <>
            <EditModal modal={editor} size="lg">
              {(link, { onCancel }) => (
                <SubAgentForm
                  parentId={parentId}
                  link={link}
                  candidates={page.data.candidates}
                  suppliers={page.data.suppliers}
                  onSaved={saved}
                  onCancel={onCancel}
                />
              )}
            </EditModal>
            <ConfirmModal
              opened={removing !== null}
              onClose={() => setRemoving(null)}
              title="Remove sub-agent"
              error={removeError}
              confirm={{ label: 'Remove', color: 'red', loading: remove.isPending, onClick: removeLink }}
            >
              Remove {removing?.sub_agent.name} as a sub-agent of {parent?.name}? Their future bookings of these
              suppliers will no longer go through {parent?.name}.
            </ConfirmModal>
          </>
        )
      }
    >
      <ListTable query={page} noun="sub-agents" columns={columns} minWidth={640} />
    </ListPage>
  );
}
