import { Button, Skeleton, Stack } from '@mantine/core';
import { IconArrowLeft, IconFileImport } from '@tabler/icons-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { formatDate } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useStatement } from '../api/statements-api';
import { isLineFilter, StatementLines, type LineFilter } from '../components/statement-lines';
import { StatementRecord } from '../components/statement-record';

const STATE_PARAM = 'state';

/**
 * /statements/:id (issue 24 §2): the statement's record (file, account, lines, money in, out and net against
 * the deposit, how its lines stand) and its lines, filtered by state; the filter lives in the address.
 */
export function StatementViewRoute() {
  const id = Number(useParams().id);
  const statement = useStatement(id);
  const [params, setParams] = useSearchParams();
  const raw = params.get(STATE_PARAM);
  const filter: LineFilter = isLineFilter(raw) ? raw : 'all';
  const setFilter = (next: LineFilter) => setParams(next === 'all' ? {} : { [STATE_PARAM]: next }, { replace: true });

  if (statement.isPending)
    return (
      <Stack role="status" aria-label="Loading statement">
        <Skeleton h={40} />
        <Skeleton h={120} />
      </Stack>
    );
  if (statement.isError)
    return (
      <QueryError
        error={statement.error}
        fallback="The statement could not be loaded."
        onRetry={() => void statement.refetch()}
        back={{ label: 'Back to statements', to: paths.statements.list }}
      />
    );

  const s = statement.data.statement;
  return (
    <>
      <PageHeader
        title={`Statement ${s.filename}`}
        description={`${s.supplier_name} · ${s.account_name} · imported ${formatDate(s.created_at)}`}
        actions={
          <>
            <Button
              variant="default"
              component={Link}
              to={paths.statements.list}
              leftSection={<IconArrowLeft size={16} />}
            >
              Statements
            </Button>
            <Button component={Link} to={paths.statements.import} leftSection={<IconFileImport size={16} />}>
              Import a statement
            </Button>
          </>
        }
      />
      <Stack gap="md">
        <StatementRecord statement={s} />
        <StatementLines detail={statement.data} filter={filter} onFilter={setFilter} />
      </Stack>
    </>
  );
}
