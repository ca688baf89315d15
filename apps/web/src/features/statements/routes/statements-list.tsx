import { Button, Group } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { AccountSelect } from '../../../components/account-select';
import { ListPage } from '../../../components/list-page';
import { ListTable } from '../../../components/list-table';
import { paths } from '../../../lib/paths';
import { useAccounts } from '../../accounts';
import { useStatements } from '../api/statements-api';
import { statementColumns } from '../components/statements-columns';

export const EMPTY_STATEMENTS = "No supplier statements yet: import a supplier's own statement to record it here.";
export const EMPTY_ACCOUNT_STATEMENTS = 'No statements of this account yet.';

/**
 * /statements (issue 24 §2): every supplier statement imported, newest first, with its lines, its net against
 * the deposit, and how its lines stand now; the page and the account filter live in the address.
 */
export function StatementsListRoute() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const accountId = params.get('account_id') ?? '';
  const list = useStatements({ page, accountId });
  const accounts = useAccounts({ accountable_type: 'supplier' });

  const setAccount = (id: string | null) => setParams(id ? { account_id: id } : {});
  const goToPage = (n: number) => {
    const next = new URLSearchParams(params);
    if (n <= 1) next.delete('page');
    else next.set('page', String(n));
    setParams(next);
  };
  const importButton = (
    <Button component={Link} to={paths.statements.import} variant="light" leftSection={<IconFileImport size={16} />}>
      Import a statement
    </Button>
  );

  return (
    <ListPage
      title="Supplier statements"
      description="Statements imported in the supplier's own layout, newest first: each line a transaction of the account."
      actions={
        <Button component={Link} to={paths.statements.import} leftSection={<IconFileImport size={16} />}>
          Import a statement
        </Button>
      }
      filters={
        <Group mb="md" align="flex-end">
          <AccountSelect
            label="Account"
            placeholder="All supplier accounts"
            clearable
            w={380}
            accounts={accounts.data ?? []}
            value={accountId || null}
            onChange={setAccount}
          />
        </Group>
      }
      pagination={{ page: list.data, onPage: goToPage }}
    >
      <ListTable
        query={list}
        noun="statements"
        columns={statementColumns()}
        empty={accountId ? EMPTY_ACCOUNT_STATEMENTS : EMPTY_STATEMENTS}
        emptyAction={importButton}
        minWidth={1000}
        tableProps={{ verticalSpacing: 'sm', highlightOnHover: true }}
        rowProps={(s) => ({ 'data-statement-id': String(s.id) })}
      />
    </ListPage>
  );
}
