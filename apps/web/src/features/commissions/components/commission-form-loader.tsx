import { Skeleton, Stack } from '@mantine/core';
import { QueryError } from '../../../components/query-error';
import { useSuppliers } from '../../suppliers';
import { useCommission } from '../api/get-commission';
import { CommissionForm } from './commission-form';

/** Loads what the form needs (the rule when editing, the suppliers) and renders it. */
export function CommissionFormLoader({ id }: { id?: number }) {
  const suppliers = useSuppliers();
  const commission = useCommission(id ?? 0, id !== undefined);
  const pending = suppliers.isPending || (id !== undefined && commission.isPending);
  if (pending) {
    return (
      <Stack gap="sm" role="status" aria-label="Loading the commission form">
        <Skeleton h={36} />
        <Skeleton h={36} />
        <Skeleton h={36} />
      </Stack>
    );
  }
  if (suppliers.isError) {
    return (
      <QueryError
        error={suppliers.error}
        fallback="The suppliers could not be loaded."
        onRetry={() => void suppliers.refetch()}
      />
    );
  }
  if (id !== undefined && commission.isError) {
    return (
      <QueryError
        error={commission.error}
        fallback="The commission could not be loaded."
        onRetry={() => void commission.refetch()}
      />
    );
  }
  return (
    <CommissionForm
      key={id ?? 'new'}
      commission={id === undefined ? undefined : commission.data}
      suppliers={suppliers.data}
    />
  );
}
