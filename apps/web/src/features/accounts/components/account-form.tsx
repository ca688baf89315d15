import { accountInputSchema, type AccountInput } from '@app/domain';
import { Button, Code, Group, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { currencyLabel, useCurrencies } from '../../../api/currencies';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { applyFormErrors, type FormErrorState } from '../../../lib/form-errors';
import { useSuppliers } from '../../suppliers';
import { useAgentOptions, useSaveAccount, type Account } from '../api/accounts-api';

const FIELDS = ['name', 'account_number', 'accountable_type', 'accountable_id', 'currency_id'] as const;

interface Values {
  name: string;
  account_number: string;
  accountable_type: 'supplier' | 'agent';
  accountable_id: string | null;
  currency_id: string | null;
}

interface AccountFormProps {
  account?: Account;
  onSaved: () => void;
  onCancel: () => void;
}

/** Create or edit an account: name, number, owner (supplier or agent, searchable), currency. */
export function AccountForm({ account, onSaved, onCancel }: AccountFormProps) {
  const currencies = useCurrencies();
  const suppliers = useSuppliers();
  const agents = useAgentOptions();
  const save = useSaveAccount();
  const [formError, setFormError] = useState<FormErrorState | null>(null);
  const form = useForm<Values>({
    initialValues: {
      name: account?.name ?? '',
      account_number: account?.account_number ?? '',
      accountable_type: account?.accountable_type ?? 'supplier',
      accountable_id: account ? String(account.accountable_id) : null,
      currency_id: account ? String(account.currency_id) : null,
    },
    validate: schemaResolver(accountInputSchema, { sync: true }),
  });

  const isSupplier = form.values.accountable_type === 'supplier';
  const ownerOptions = isSupplier
    ? (suppliers.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))
    : (agents.data ?? []).map((a) => ({ value: String(a.id), label: a.name }));
  const supplier = isSupplier ? suppliers.data?.find((s) => String(s.id) === form.values.accountable_id) : undefined;

  const submit = form.onSubmit((values) => {
    setFormError(null);
    save.mutate(
      { id: account?.id, input: accountInputSchema.parse(values) as AccountInput },
      {
        onSuccess: ({ message }) => {
          notifications.show({ color: 'green', message });
          onSaved();
        },
        onError: (error) =>
          setFormError(applyFormErrors(form, error, { fields: FIELDS, fallback: 'The account could not be saved.' })),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <FormErrorAlert state={formError} />
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
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onCancel} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {account ? 'Save changes' : 'Create account'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
