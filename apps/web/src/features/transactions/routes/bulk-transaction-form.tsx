import {
  BULK_ROWS_PER_ADD_MAX,
  defaultBulkDescription,
  formatBookingReference,
  MSG_BULK_FAILED,
  MSG_BULK_FORMAT_ERRORS,
  type BulkDescriptionType,
} from '@app/domain';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Grid,
  Group,
  List,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { isApiError } from '../../../lib/api-client';
import { paths, safeRedirect } from '../../../lib/paths';
import { useAccounts } from '../../accounts';
import { useStoreBulk } from '../api/transactions-api';
import { AccountSelect } from '../components/account-select';
import { SETTABLE_STATUS_OPTIONS, TRANSACTION_TYPE_OPTIONS } from '../utils/status-options';
import { ReferenceImageInput } from '../components/reference-image-input';
import { bulkFormData, checkBulk, emptyRow, rowsToAdd, type BulkRow, type BulkShared } from '../utils/bulk-rows';
import { todayUtc } from '../../../lib/dates';

/** /transactions/create-bulk (spec §2.5): shared fields, rows, description types, errors mapped to rows. */
export function BulkTransactionRoute() {
  const [params] = useSearchParams();
  // Same-site paths only: the form posts the CSRF token to submitUrl.
  const submitUrl = safeRedirect(params.get('submit'), '/transactions/store-bulk');
  const cancelTo = safeRedirect(params.get('cancel'), paths.transactions.list);
  const navigate = useNavigate();
  const accounts = useAccounts({ accountable_type: 'supplier' });
  const store = useStoreBulk(submitUrl);
  const [shared, setShared] = useState<BulkShared>({
    account_id: null,
    transaction_type: 'credit',
    status: 'completed',
    description_type: 'default',
    common_description: '',
    cheque_reference_number: '',
    reference_image: null,
  });
  const [rows, setRows] = useState<BulkRow[]>(() => [emptyRow()]);
  const [addCount, setAddCount] = useState<number>(1);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [messages, setMessages] = useState<string[]>([]);
  const setS = <K extends keyof BulkShared>(k: K, v: BulkShared[K]) => setShared((s) => ({ ...s, [k]: v }));
  const setRow = (i: number, patch: Partial<BulkRow>) =>
    setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  if (accounts.isPending) return <Skeleton h={300} />;
  if (accounts.isError) return <QueryError error={accounts.error} fallback="The accounts could not be loaded." />;
  const account = accounts.data.find((a) => String(a.id) === shared.account_id);
  const format = account?.booking_number_format ?? null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkBulk(shared, rows, format);
    setErrors(check.errors);
    setMessages(check.messages);
    if (check.messages.length) return;
    store.mutate(bulkFormData(shared, rows), {
      onSuccess: (res) => {
        notifications.show({ color: 'green', message: res.message ?? 'Transactions created.' });
        void navigate(paths.transactions.list);
      },
      onError: (error) => {
        if (!isApiError(error)) {
          setMessages([MSG_BULK_FAILED]);
          return;
        }
        const entries = Object.entries(error.errors);
        if (entries.length === 0) {
          setMessages([error.hasServerMessage ? error.message : MSG_BULK_FAILED]);
          return;
        }
        setErrors(Object.fromEntries(entries.map(([k, m]) => [k, m[0] ?? ''])));
        const general = entries.filter(([k]) => !k.startsWith('transactions.')).flatMap(([, m]) => m);
        setMessages(general.length ? general : [MSG_BULK_FORMAT_ERRORS]);
      },
    });
  };

  const addRows = () => {
    const n = rowsToAdd(addCount, rows.length);
    if (n > 0) setRows((rs) => [...rs, ...Array.from({ length: n }, emptyRow)]);
  };

  return (
    <>
      <PageHeader
        title="Bulk transactions"
        actions={
          <Anchor component={Link} to={cancelTo}>
            Cancel
          </Anchor>
        }
      />
      <form onSubmit={submit} noValidate data-testid="bulk-form">
        <Stack>
          {messages.length > 0 && (
            <Alert color="red" variant="light" data-testid="form-error">
              <List size="sm">
                {messages.map((m, i) => (
                  <List.Item key={i}>{m}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          <Paper withBorder radius="md" p="lg">
            <Stack>
              {/* The account's label ends with its currency: half the row, so it is not cut off. */}
              <Grid>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <AccountSelect
                    label="Supplier account"
                    required
                    accounts={accounts.data}
                    placeholder="Choose a supplier account"
                    value={shared.account_id}
                    onChange={(v) => setS('account_id', v)}
                    error={errors.account_id}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 3 }}>
                  <Select
                    label="Transaction type"
                    required
                    data={TRANSACTION_TYPE_OPTIONS}
                    value={shared.transaction_type}
                    onChange={(v) => setS('transaction_type', v)}
                    error={errors.transaction_type}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 3 }}>
                  <Select
                    label="Status"
                    required
                    data={SETTABLE_STATUS_OPTIONS}
                    value={shared.status}
                    onChange={(v) => setS('status', v)}
                    error={errors.status}
                  />
                </Grid.Col>
              </Grid>
              {format && (
                <Text size="sm" c="dimmed">
                  References must match the format <b>{format}</b>.
                </Text>
              )}
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  Description
                </Text>
                <SegmentedControl
                  aria-label="Description type"
                  value={shared.description_type}
                  onChange={(v) => setS('description_type', v as BulkDescriptionType)}
                  data={[
                    { value: 'default', label: 'Default (generated)' },
                    { value: 'same', label: 'Same for all' },
                    { value: 'different', label: 'Different per row' },
                  ]}
                />
                {shared.description_type === 'default' && (
                  <Text size="xs" c="dimmed">
                    Each row gets “
                    {defaultBulkDescription((shared.transaction_type ?? 'credit') as 'credit', todayUtc())}
                    ”.
                  </Text>
                )}
              </Stack>
              {shared.description_type === 'same' && (
                <Textarea
                  label="Common description"
                  required
                  value={shared.common_description}
                  onChange={(e) => setS('common_description', e.currentTarget.value)}
                  error={errors.common_description}
                />
              )}
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label="Cheque reference number"
                  maxLength={64}
                  value={shared.cheque_reference_number}
                  onChange={(e) => setS('cheque_reference_number', e.currentTarget.value)}
                />
                <ReferenceImageInput
                  value={shared.reference_image}
                  onChange={(f) => setS('reference_image', f)}
                  error={errors.reference_image}
                />
              </SimpleGrid>
            </Stack>
          </Paper>

          <Paper withBorder radius="md">
            <Table.ScrollContainer minWidth={720}>
              <Table data-testid="bulk-rows" verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={40}>#</Table.Th>
                    <Table.Th>Reference number</Table.Th>
                    <Table.Th w={160}>Amount</Table.Th>
                    {shared.description_type === 'different' && <Table.Th>Description</Table.Th>}
                    <Table.Th w={80}>Partial</Table.Th>
                    <Table.Th w={1} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row, i) => (
                    <Table.Tr key={row.key} data-testid={`bulk-row-${i}`}>
                      <Table.Td c="dimmed">{i + 1}</Table.Td>
                      <Table.Td>
                        <TextInput
                          aria-label={`Reference number ${i + 1}`}
                          maxLength={64}
                          value={row.reference_number}
                          onChange={(e) =>
                            setRow(i, { reference_number: formatBookingReference(format, e.currentTarget.value) })
                          }
                          error={errors[`transactions.${i}.reference_number`]}
                        />
                      </Table.Td>
                      <Table.Td>
                        <TextInput
                          aria-label={`Amount ${i + 1}`}
                          type="number"
                          min={0.01}
                          step={0.01}
                          value={row.amount}
                          onChange={(e) => setRow(i, { amount: e.currentTarget.value })}
                          error={errors[`transactions.${i}.amount`]}
                        />
                      </Table.Td>
                      {shared.description_type === 'different' && (
                        <Table.Td>
                          <TextInput
                            aria-label={`Description ${i + 1}`}
                            value={row.description}
                            onChange={(e) => setRow(i, { description: e.currentTarget.value })}
                            error={errors[`transactions.${i}.description`]}
                          />
                        </Table.Td>
                      )}
                      <Table.Td>
                        <Checkbox
                          aria-label={`Partial ${i + 1}`}
                          checked={row.is_partial}
                          onChange={(e) => setRow(i, { is_partial: e.currentTarget.checked })}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Button
                          variant="subtle"
                          color="red"
                          size="xs"
                          leftSection={<IconTrash size={14} />}
                          disabled={rows.length <= 1}
                          onClick={() => {
                            setRows((rs) => rs.filter((_, j) => j !== i));
                            setErrors({});
                          }}
                        >
                          Remove
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Group p="md" justify="space-between">
              <Group gap="xs" align="flex-end">
                <NumberInput
                  aria-label="Rows to add"
                  w={90}
                  min={1}
                  max={BULK_ROWS_PER_ADD_MAX}
                  clampBehavior="strict"
                  allowDecimal={false}
                  value={addCount}
                  onChange={(v) => setAddCount(typeof v === 'number' ? v : 1)}
                />
                <Button variant="light" leftSection={<IconPlus size={16} />} onClick={addRows}>
                  Add rows
                </Button>
              </Group>
              <Text size="sm" c="dimmed">
                {rows.length} row(s)
              </Text>
            </Group>
          </Paper>

          <Group justify="flex-end">
            <Button component={Link} to={cancelTo} variant="default">
              Cancel
            </Button>
            <Button type="submit" loading={store.isPending}>
              Save transactions
            </Button>
          </Group>
        </Stack>
      </form>
    </>
  );
}
