import { accountOptionLabel, type Account } from '@app/domain';
import { Select, type SelectProps } from '@mantine/core';

/** Searchable account select; option label 'name (accountable name or Unknown) - currency code or No Currency'. */
export function AccountSelect({ accounts, ...props }: { accounts: readonly Account[] } & Omit<SelectProps, 'data'>) {
  return (
    <Select
      searchable
      nothingFoundMessage="No account matches"
      data={accounts.map((a) => ({
        value: String(a.id),
        label: accountOptionLabel({
          name: a.name,
          accountable_name: a.accountable_name,
          currency_code: a.currency?.code,
        }),
      }))}
      {...props}
    />
  );
}
