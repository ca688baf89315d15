import { TRANSACTION_STATUSES } from '@app/domain';
import { Button, Grid, Group, Paper, Stack, Switch } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { AccountSelect } from '../../../components/account-select';
import {
  FilterSelect,
  FilterText,
  labelledOptions,
  pairOptions,
  type useFilterDraft,
} from '../../../components/filter-fields';
import { paths } from '../../../lib/paths';
import type { Account } from '../../accounts';
import { transactionStatusLabel } from '../utils/status-options';
import type { Filters } from '../utils/list-query';

const TYPE_OPTIONS = pairOptions(['credit', 'Credit'], ['debit', 'Debit']);

interface TransactionFiltersProps {
  filters: Filters;
  bind: ReturnType<typeof useFilterDraft<Filters>>['bind'];
  accounts: Account[];
  onSubmit: (event: FormEvent) => void;
}

/** The transactions list's filter form (bookings spec §2 "Transactions list filter"). */
export function TransactionFilters({ filters, bind, accounts, onSubmit }: TransactionFiltersProps) {
  const span = { base: 12, sm: 6, md: 3 };
  return (
    <Paper withBorder radius="md" p="md" mb="md">
      <form onSubmit={onSubmit} data-testid="filters">
        {/* 12 columns: the date range gets a third of the second row, room for 'mm/dd/yyyy' twice. */}
        <Grid>
          <Grid.Col span={span}>
            <AccountSelect
              label="Account"
              clearable
              accounts={accounts}
              value={filters.account_id || null}
              onChange={(v) => bind('account_id').onChange(v ?? '')}
            />
          </Grid.Col>
          <Grid.Col span={span}>
            <FilterSelect label="Type" data={TYPE_OPTIONS} {...bind('transaction_type')} />
          </Grid.Col>
          <Grid.Col span={span}>
            <FilterSelect
              label="Status"
              data={labelledOptions(TRANSACTION_STATUSES, transactionStatusLabel)}
              {...bind('status')}
            />
          </Grid.Col>
          <Grid.Col span={span}>
            <FilterText label="Reference" {...bind('reference')} />
          </Grid.Col>
          <Grid.Col span={{ ...span, md: 2 }}>
            <FilterText label="Cheque reference" {...bind('cheque_reference')} />
          </Grid.Col>
          <Grid.Col span={{ ...span, md: 4 }}>
            <Group grow gap="xs">
              <FilterText label="Date from" type="date" {...bind('date_from')} />
              <FilterText label="Date to" type="date" {...bind('date_to')} />
            </Group>
          </Grid.Col>
          <Grid.Col span={span}>
            <Group grow gap="xs">
              <FilterText label="Amount min" type="number" min={0} step={0.01} {...bind('amount_min')} />
              <FilterText label="Amount max" type="number" min={0} step={0.01} {...bind('amount_max')} />
            </Group>
          </Grid.Col>
          <Grid.Col span={span}>
            <Stack justify="flex-end" gap="xs" h="100%">
              <Switch
                label="Show double bookings"
                checked={filters.double_bookings === '1'}
                onChange={(e) => bind('double_bookings').onChange(e.currentTarget.checked ? '1' : '')}
              />
              <Group gap="xs">
                <Button type="submit" leftSection={<IconFilter size={16} />}>
                  Filter
                </Button>
                <Button variant="default" component={Link} to={paths.transactions.list}>
                  Reset
                </Button>
              </Group>
            </Stack>
          </Grid.Col>
        </Grid>
      </form>
    </Paper>
  );
}
