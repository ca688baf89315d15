import { importJobParamsSchema, transactionEndpoints } from '@app/domain';
import { Anchor } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { paths, safeRedirect } from '../../../lib/paths';
import { isImportSucceeded, useImportJobStatus } from '../api/import-transactions';
import { ImportFormLoader } from '../components/import-form';
import { ImportJobView } from '../components/import-job-view';
import { INITIAL_IMPORT_VALUES, type ImportFormValues } from '../utils/import-preview';

const JOB_PARAM = 'job';

/**
 * /transactions/import (spec §2.6, §4 "Transaction import flow"): the form, a preview parsed in the
 * browser by the job's own parser, the upload, then the job's progress. The job id lives in the
 * address (`?job=`), so a reload or a shared link keeps watching the same job.
 */
export function TransactionImportRoute() {
  const [params, setParams] = useSearchParams();
  const cancelTo = safeRedirect(params.get('cancel'), paths.transactions.list);
  const submitUrl = safeRedirect(params.get('submit'), transactionEndpoints.startImport.path);
  const rawJob = params.get(JOB_PARAM);
  const jobId = rawJob !== null && importJobParamsSchema.safeParse({ jobId: rawJob }).success ? rawJob : null;
  const status = useImportJobStatus(jobId);
  // Kept here so 'Import another file' comes back to the same account and settings.
  const [values, setValues] = useState<ImportFormValues>(INITIAL_IMPORT_VALUES);

  const succeeded = isImportSucceeded(status.data);
  const watchJob = (id: string | null) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (id) next.set(JOB_PARAM, id);
      else next.delete(JOB_PARAM);
      return next;
    });
  const importAnother = () => {
    setValues((v) => ({ ...v, file: null, allow_duplicate: false }));
    watchJob(null);
  };

  let body: ReactNode;
  if (rawJob !== null) {
    body = <ImportJobView jobId={jobId} status={status} onImportAnother={importAnother} listingTo={cancelTo} />;
  } else {
    body = (
      <ImportFormLoader
        values={values}
        setValues={setValues}
        submitUrl={submitUrl}
        cancelTo={cancelTo}
        onStarted={watchJob}
      />
    );
  }

  return (
    <>
      <PageHeader
        title="Import transactions"
        description="Credits and debits of one supplier account from a CSV or Excel file."
        actions={
          <Anchor component={Link} to={cancelTo} data-testid="import-return">
            {succeeded ? 'Go to Transactions Listing' : rawJob !== null ? 'Back to Transactions' : 'Cancel'}
          </Anchor>
        }
      />
      {body}
    </>
  );
}
