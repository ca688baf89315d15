import { accountInputSchema } from '@app/domain';
import { Code, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { currencyLabel, useCurrencies } from '../../../api/currencies';
import { EditForm, useEditForm, type EditFormCallbacks } from '../../../components/edit-form';
import { useSuppliers } from '../../suppliers';
import { useAgentOptions, useSaveAccount, type Account } from '../api/accounts-api';

interface Values {
  name: string;
  account_number: string;
  accountable_type: 'supplier' | 'agent';
  accountable_id: string | null;
  currency_id: string | null;
}

interface AccountFormProps extends EditFormCallbacks {
  account?: Account;
}

/** Create or edit an account: name, number, owner (supplier or agent, searchable), currency. */
export function AccountForm({ account, ...done }: AccountFormProps) {
  const currencies = useCurrencies();
  const suppliers = useSuppliers();
  const agents = useAgentOptions();
  const { form, formProps } = useEditForm(useSaveAccount(), account?.id, done, {
    schema: accountInputSchema,
    initialValues: {
      name: account?.name ?? '',
      account_number: account?.account_number ?? '',
      accountable_type: account?.accountable_type ?? 'supplier',
      accountable_id: account ? String(account.accountable_id) : null,
      currency_id: account ? String(account.currency_id) : null,
    },
    fallback: 'The account could not be saved.',
  });

  const isSupplier = form.values.accountable_type === 'supplier';
  const ownerOptions = isSupplier
    ? (suppliers.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))
    : (agents.data ?? []).map((a) => ({ value: String(a.id), label: a.name }));
  const supplier = isSupplier ? suppliers.data?.find((s) => String(s.id) === form.values.accountable_id) : undefined;

  return (
    <EditForm {...formProps} createLabel="Create account">
      <TextInput label="Name" required data-autofocus maxLength={150} {...form.getInputProps('name')} />
      <TextInput label="Account number" maxLength={64} {...form.getInputProps('account_number')} />
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          Owner type
        </Text>
        <SegmentedControl
          aria-label="Owner type"
          data={[
            { value: 'supplier', label: 'Supplier' },
            { value: 'agent', label: 'Agent' },
          ]}
          value={form.values.accountable_type}
          onChange={(value) => {
            form.setFieldValue('accountable_type', value as Values['accountable_type']);
            form.setFieldValue('accountable_id', null);
          }}
        />
      </Stack>
      <Select
        label={isSupplier ? 'Supplier' : 'Agent'}
        required
        searchable
        nothingFoundMessage="Nothing matches"
        placeholder={isSupplier ? 'Choose a supplier' : 'Choose an agent'}
        data={ownerOptions}
        {...form.getInputProps('accountable_id')}
        onChange={(value) => {
          form.setFieldValue('accountable_id', value);
          // A supplier's account usually takes the supplier's currency.
          const s = isSupplier ? suppliers.data?.find((x) => String(x.id) === value) : undefined;
          if (s && !form.values.currency_id) form.setFieldValue('currency_id', String(s.currency_id));
        }}
      />
      {isSupplier && (
        <Text size="sm" c="dimmed" mt={-8} data-testid="account-format">
          Booking number format:{' '}
          {supplier?.booking_number_format ? <Code>{supplier.booking_number_format}</Code> : 'none'}
        </Text>
      )}
      <Select
        label="Currency"
        required
        searchable
        data={(currencies.data ?? []).map((c) => ({ value: String(c.id), label: currencyLabel(c) }))}
        {...form.getInputProps('currency_id')}
      />
    </EditForm>
  );
}
