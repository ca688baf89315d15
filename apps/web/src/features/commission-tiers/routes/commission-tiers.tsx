import type { Tier } from '@app/domain';
import { Button, Modal, Paper, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { useCommissionTiers } from '../api/get-commission-tiers';
import { CommissionTierForm } from '../components/commission-tier-form';

type Editing = { mode: 'create' } | { mode: 'edit'; tier: Tier } | null;

/** /commission-tiers: list, create and edit commission tiers (admin only). */
export function CommissionTiersRoute() {
  const tiers = useCommissionTiers();
  const [editing, setEditing] = useState<Editing>(null);
  const close = () => setEditing(null);

  return (
    <>
      <PageHeader
        title="Commission tiers"
        description="Tiers group agents for commission rules."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ mode: 'create' })}>
            New tier
          </Button>
        }
      />

      <Paper withBorder radius="md">
        {tiers.isPending ? (
          <Stack p="md" gap="sm" aria-label="Loading commission tiers" role="status">
            <Skeleton h={20} />
            <Skeleton h={20} />
            <Skeleton h={20} />
          </Stack>
        ) : tiers.isError ? (
          <Stack p="md">
            <QueryError
              error={tiers.error}
              fallback="The commission tiers could not be loaded."
              onRetry={() => void tiers.refetch()}
            />
          </Stack>
        ) : tiers.data.length === 0 ? (
          <Text p="xl" ta="center" c="dimmed" data-testid="empty-state">
            No commission tiers yet.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table data-testid="commission-tiers-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Description</Table.Th>
                  <Table.Th w={1}>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {tiers.data.map((tier) => (
                  <Table.Tr key={tier.id}>
                    <Table.Td fw={500}>{tier.name}</Table.Td>
                    <Table.Td c={tier.description ? undefined : 'dimmed'}>{tier.description || '—'}</Table.Td>
                    <Table.Td>
                      <Button
                        variant="subtle"
                        size="xs"
                        leftSection={<IconPencil size={14} />}
                        onClick={() => setEditing({ mode: 'edit', tier })}
                        aria-label={`Edit ${tier.name}`}
                      >
                        Edit
                      </Button>
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
        title={editing?.mode === 'edit' ? 'Edit commission tier' : 'New commission tier'}
      >
        {editing !== null && (
          <CommissionTierForm
            key={editing.mode === 'edit' ? editing.tier.id : 'new'}
            tier={editing.mode === 'edit' ? editing.tier : undefined}
            onSaved={close}
            onCancel={close}
          />
        )}
      </Modal>
    </>
  );
}
