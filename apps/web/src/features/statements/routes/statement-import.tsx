import { importJobParamsSchema } from '@app/domain';
import { Anchor } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { formatCount } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { ImportJobView, isImportSucceeded, useImportJobStatus } from '../../transactions';
import { statementsQueryKey, type StatementImportAnswer } from '../api/statements-api';
import { StatementImportFormLoader } from '../components/statement-import-form';

const JOB_PARAM = 'job';
const STATEMENT_PARAM = 'statement';

/**
 * /statements/import (issue 24 §2): the account and the file, the mapping of its columns over a preview the
 * server reads, the deposit, then the import job's progress (the job and the statement in the address, so a
 * reload keeps watching); once the job completes, the statement's page.
 */
export function StatementImportRoute() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const rawJob = params.get(JOB_PARAM);
  const jobId = rawJob !== null && importJobParamsSchema.safeParse({ jobId: rawJob }).success ? rawJob : null;
  const statementParam = params.get(STATEMENT_PARAM);
  const statementTo =
    statementParam !== null && /^\d+$/.test(statementParam)
      ? paths.statements.view(statementParam)
      : paths.statements.list;
  const status = useImportJobStatus(jobId);
  const succeeded = isImportSucceeded(status.data);
  const imported = status.data?.imported_count ?? 0;

  // Done: say so once, and show the statement's record.
  const announced = useRef(false);
  useEffect(() => {
    if (!succeeded || announced.current) return;
    announced.current = true;
    void queryClient.invalidateQueries({ queryKey: statementsQueryKey });
    notifications.show({ color: 'green', message: `Statement imported: ${formatCount(imported, 'line')}.` });
    void navigate(statementTo, { replace: true });
  }, [succeeded, imported, statementTo, navigate, queryClient]);

  const watch = (answer: StatementImportAnswer | null) =>
    setParams(answer ? { [JOB_PARAM]: answer.job_id, [STATEMENT_PARAM]: String(answer.statement_id) } : {});

  return (
    <>
      <PageHeader
        title="Import a supplier statement"
        description="A supplier's own statement, CSV or Excel in any layout: map its columns once per supplier account."
        actions={
          <Anchor component={Link} to={paths.statements.list} data-testid="import-return">
            {rawJob !== null ? 'Back to statements' : 'Cancel'}
          </Anchor>
        }
      />
      {rawJob !== null ? (
        <ImportJobView
          jobId={jobId}
          status={status}
          listingTo={statementTo}
          listingLabel={statementTo === paths.statements.list ? 'Go to the statements' : 'Open the statement'}
          onImportAnother={() => watch(null)}
        />
      ) : (
        <StatementImportFormLoader onStarted={watch} />
      )}
    </>
  );
}
