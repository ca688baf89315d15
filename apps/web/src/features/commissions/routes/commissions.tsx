import { COMMISSION_RULE_TYPE_LABELS, type CommissionListItem, type CommissionRuleType } from '@app/domain';
import { Button } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { ListPage } from '../../../components/list-page';
import { ListTable } from '../../../components/list-table';
import { getErrorMessage } from '../../../lib/api-client';
import { formatPercent } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useCommissions } from '../api/get-commissions';
import { useDeleteCommission } from '../api/delete-commission';
import { useCommissionDeletePreview } from '../api/preview-commission';
import { commissionColumns } from '../components/commissions-columns';
import { CommissionsFilters } from '../components/commissions-filters';
import { recalculationQuestion, savedNotice } from '../utils/recalculation-text';

const PER_PAGE = 25;
const ABOUT_COMMISSIONS =
  "Percentages for a tier or an agent, per supplier. An agent's own rule beats its tier's rule.";

/** /commissions: commission rules with type, owner, percentage and suppliers; search, filter, edit, delete. */
export function CommissionsRoute() {
  const [search, setSearch] = useState('');
  const [type, setType] = useState<CommissionRuleType | ''>('');
  const [page, setPage] = useState(1);
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const list = useCommissions({ page, per_page: PER_PAGE, search: debouncedSearch, type });
  const [deleting, setDeleting] = useState<CommissionListItem | null>(null);
  const filtered = debouncedSearch !== '' || type !== '';
  return (
    <>
      <ListPage
        title="Commission rules"
        description={ABOUT_COMMISSIONS}
        create={{ label: 'Create Commission', to: paths.commissions.create }}
        filters={
          <CommissionsFilters
            search={search}
            type={type}
            onSearch={(value) => {
              setSearch(value);
              setPage(1);
            }}
            onType={(value) => {
              setType(value);
              setPage(1);
            }}
          />
        }
        pagination={{ page: list.data, onPage: setPage }}
      >
        <ListTable
          query={list}
          noun="commissions"
          columns={commissionColumns(setDeleting)}
          empty={filtered ? 'No commissions match your search.' : undefined}
          emptyAction={
            !filtered && (
              <Button
                component={Link}
                to={paths.commissions.create}
                variant="light"
                leftSection={<IconPlus size={16} />}
              >
                Create Commission
              </Button>
            )
          }
          tableProps={{ verticalSpacing: 'sm' }}
        />
      </ListPage>
      <DeleteCommissionModal rule={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

/**
 * The delete question: the rule, and what deleting it recalculates (the unpaid bookings it covers,
 * confirmed ones included), worked out by the server when the question opens.
 */
function DeleteCommissionModal({ rule, onClose }: { rule: CommissionListItem | null; onClose: () => void }) {
  const remove = useDeleteCommission();
  const preview = useCommissionDeletePreview(rule?.id ?? null);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  const run = () => {
    if (!rule) return;
    setError(null);
    remove.mutate(rule.id, {
      onSuccess: ({ message, recalculation }) => {
        notifications.show({ color: 'green', message: savedNotice(message, recalculation) });
        close();
      },
      onError: (e) => setError(getErrorMessage(e, 'The commission could not be deleted.')),
    });
  };
  const recalculation = preview.isPending
    ? 'Working out the bookings it recalculates…'
    : preview.isError
      ? getErrorMessage(preview.error, 'The bookings it recalculates could not be worked out.')
      : preview.data.changed === 0
        ? 'No booking is recalculated.'
        : recalculationQuestion(preview.data, 'Deleting it');
  return (
    <ConfirmModal
      opened={rule !== null}
      onClose={close}
      title="Delete commission"
      error={error}
      confirm={{ label: 'Delete', color: 'red', loading: remove.isPending || preview.isFetching, onClick: run }}
    >
      {rule && (
        <>
          Delete the {COMMISSION_RULE_TYPE_LABELS[rule.commission_type].toLowerCase()} commission of {rule.owner_name} (
          {formatPercent(rule.percentage)})? <span data-testid="delete-recalculation">{recalculation}</span>
        </>
      )}
    </ConfirmModal>
  );
}
