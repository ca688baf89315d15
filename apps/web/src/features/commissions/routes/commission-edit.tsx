import { Paper } from '@mantine/core';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { CommissionFormLoader } from '../components/commission-form-loader';

/** /commissions/:id/edit */
export function CommissionEditRoute() {
  const id = Number(useParams().id);
  return (
    <>
      <PageHeader title="Edit Commission" />
      <Paper withBorder radius="md" p="lg" maw={720}>
        <CommissionFormLoader id={id} />
      </Paper>
    </>
  );
}
