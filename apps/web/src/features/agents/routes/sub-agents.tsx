import type { SubAgentLink } from '@app/domain';
import { Button, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useParams } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { EditModal, useEditModal } from '../../../components/edit-modal';
import { ListPage } from '../../../components/list-page';
import { EditButton, ListTable, NO_WRAP, type ListColumn } from '../../../components/list-table';
import { EMPTY_VALUE, formatPercent } from '../../../lib/format';
import { useSubAgents } from '../api/sub-agents';
import { SubAgentForm } from '../components/sub-agent-form';
import { useSubAgentRemoval } from '../hooks/use-sub-agent-removal';

/** /agents/{id}/sub-agents: the parent's links; add, edit and remove (admin, or the parent themself). */
export function SubAgentsRoute() {
  const parentId = Number(useParams().id);
  const page = useSubAgents(parentId);
  const editor = useEditModal<SubAgentLink>({ create: 'Add Sub Agent', edit: 'Edit Sub Agent' });
  const removal = useSubAgentRemoval(parentId);
  const parent = page.data?.parent;
  const saved = (message: string) => {
    notifications.show({ color: 'green', message });
    editor.close();
  };

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
            <RemoveSubAgentModal removal={removal} parentName={parent?.name} />
          </>
        )
      }
    >
      <ListTable
        query={page}
        noun="sub-agents"
        columns={subAgentColumns(editor.openEdit, removal.ask)}
        minWidth={640}
      />
    </ListPage>
  );
}

/** The links' columns; each row's Edit and Remove name its sub-agent. */
function subAgentColumns(
  onEdit: (link: SubAgentLink) => void,
  onRemove: (link: SubAgentLink) => void,
): ListColumn<SubAgentLink>[] {
  return [
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
          <EditButton label={`Edit ${link.sub_agent.name}`} onClick={() => onEdit(link)} />
          <Button
            size="xs"
            variant="subtle"
            color="red"
            aria-label={`Remove ${link.sub_agent.name}`}
            onClick={() => onRemove(link)}
          >
            Remove
          </Button>
        </>
      ),
    },
  ];
}

interface RemoveSubAgentModalProps {
  removal: ReturnType<typeof useSubAgentRemoval>;
  parentName: string | undefined;
}

/** Asks before a link goes: the parent's future bookings of these suppliers change hands. */
function RemoveSubAgentModal({ removal, parentName }: RemoveSubAgentModalProps) {
  const { removing } = removal;
  return (
    <ConfirmModal
      opened={removing !== null}
      onClose={removal.cancel}
      title="Remove sub-agent"
      error={removal.removeError}
      confirm={{ label: 'Remove', color: 'red', loading: removal.isRemoving, onClick: removal.confirm }}
    >
      Remove {removing?.sub_agent.name} as a sub-agent of {parentName}? Their future bookings of these suppliers will no
      longer go through {parentName}.
    </ConfirmModal>
  );
}
