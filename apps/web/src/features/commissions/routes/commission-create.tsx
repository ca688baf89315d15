import { Paper } from '@mantine/core';
import { PageHeader } from '../../../components/page-header';
import { CommissionFormLoader } from '../components/commission-form-loader';

/** /commissions/create */
export function CommissionCreateRoute() {
  return (
    <>
      <PageHeader
        title="Create Commission"
        description="A percentage for a tier or an agent, for the suppliers it lists."
      />
      <Paper withBorder radius="md" p="lg" maw={720}>
        <CommissionFormLoader />
      </Paper>
    </>
  );
}
