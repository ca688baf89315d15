import type { Tier } from '@app/domain';
import { EditModal, useEditModal } from '../../../components/edit-modal';
import { ListPage } from '../../../components/list-page';
import { actionsColumn, EditButton, ListTable, type ListColumn } from '../../../components/list-table';
import { useCommissionTiers } from '../api/get-commission-tiers';
import { CommissionTierForm } from '../components/commission-tier-form';

/** /commission-tiers: list, create and edit commission tiers (admin only). */
export function CommissionTiersRoute() {
  const tiers = useCommissionTiers();
  const editor = useEditModal<Tier>({ create: 'New commission tier', edit: 'Edit commission tier' });
  const columns: ListColumn<Tier>[] = [
    { header: 'Name', cell: (tier) => tier.name, td: { fw: 500 } },
    {
      header: 'Description',
      cell: (tier) => tier.description || '—',
      td: (tier) => ({ c: tier.description ? undefined : 'dimmed' }),
    },
    actionsColumn((tier) => <EditButton label={`Edit ${tier.name}`} onClick={() => editor.openEdit(tier)} />),
  ];

  return (
    <ListPage
      title="Commission tiers"
      description="Tiers group agents for commission rules."
      create={{ label: 'New tier', onClick: editor.openCreate }}
      after={<EditModal modal={editor}>{(tier, close) => <CommissionTierForm tier={tier} {...close} />}</EditModal>}
    >
      <ListTable query={tiers} noun="commission tiers" columns={columns} />
    </ListPage>
  );
}
