import { defaultBulkDescription, type BulkDescriptionType } from '@app/domain';
import { Grid, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { AccountSelect } from '../../../components/account-select';
import { todayUtc } from '../../../lib/dates';
import type { Account } from '../../accounts';
import { ReferenceImageInput } from './reference-image-input';
import type { BulkErrors } from '../hooks/use-bulk-transaction-form';
import type { BulkShared } from '../utils/bulk-rows';
import { SETTABLE_STATUS_OPTIONS, TRANSACTION_TYPE_OPTIONS } from '../utils/status-options';

interface BulkSharedFieldsProps {
  accounts: readonly Account[];
  shared: BulkShared;
  onChange: <K extends keyof BulkShared>(k: K, v: BulkShared[K]) => void;
  /** The chosen account's reference format, shown as a hint. */
  format: string | null;
  errors: BulkErrors;
}

/** The fields every row shares: account, type, status, description type, cheque reference and image. */
export function BulkSharedFields({ accounts, shared, onChange, format, errors }: BulkSharedFieldsProps) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack>
        {/* The account's label ends with its currency: half the row, so it is not cut off. */}
        <Grid>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <AccountSelect
              label="Supplier account"
              required
              accounts={accounts}
              placeholder="Choose a supplier account"
              value={shared.account_id}
              onChange={(v) => onChange('account_id', v)}
              error={errors.account_id}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 3 }}>
            <Select
              label="Transaction type"
              required
              data={TRANSACTION_TYPE_OPTIONS}
              value={shared.transaction_type}
              onChange={(v) => onChange('transaction_type', v)}
              error={errors.transaction_type}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 3 }}>
            <Select
              label="Status"
              required
              data={SETTABLE_STATUS_OPTIONS}
              value={shared.status}
              onChange={(v) => onChange('status', v)}
              error={errors.status}
            />
          </Grid.Col>
        </Grid>
        {format && (
          <Text size="sm" c="dimmed">
            References must match the format <b>{format}</b>.
          </Text>
        )}
        <DescriptionFields shared={shared} onChange={onChange} errors={errors} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Cheque reference number"
            maxLength={64}
            value={shared.cheque_reference_number}
            onChange={(e) => onChange('cheque_reference_number', e.currentTarget.value)}
          />
          <ReferenceImageInput
            value={shared.reference_image}
            onChange={(f) => onChange('reference_image', f)}
            error={errors.reference_image}
          />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

/** The description type, the generated default it stands for, and the common description when shared. */
function DescriptionFields({ shared, onChange, errors }: Omit<BulkSharedFieldsProps, 'accounts' | 'format'>) {
  return (
    <>
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          Description
        </Text>
        <SegmentedControl
          aria-label="Description type"
          value={shared.description_type}
          onChange={(v) => onChange('description_type', v as BulkDescriptionType)}
          data={[
            { value: 'default', label: 'Default (generated)' },
            { value: 'same', label: 'Same for all' },
            { value: 'different', label: 'Different per row' },
          ]}
        />
        {shared.description_type === 'default' && (
          <Text size="xs" c="dimmed">
            Each row gets “{defaultBulkDescription((shared.transaction_type ?? 'credit') as 'credit', todayUtc())}”.
          </Text>
        )}
      </Stack>
      {shared.description_type === 'same' && (
        <Textarea
          label="Common description"
          required
          value={shared.common_description}
          onChange={(e) => onChange('common_description', e.currentTarget.value)}
          error={errors.common_description}
        />
      )}
    </>
  );
}
