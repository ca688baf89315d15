import { Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import type { useBulkSubmit } from '../hooks/use-bulk-submit';
import type { BulkMode } from '../utils/bulk-filters';
import type { SelectionSummary } from '../utils/bulk-summary';
import { ErrorAlert } from './amounts-table';
import { CommissionSummary } from './commission-summary';

interface BulkSubmitPanelProps {
  mode: BulkMode;
  summary: SelectionSummary;
  form: ReturnType<typeof useBulkSubmit>;
  /** The submit button's text. */
  submitLabel: string;
}

/** Below the results: the selection's totals, description, payout date, the problem and the submit. */
export function BulkSubmitPanel({ mode, summary, form, submitLabel }: BulkSubmitPanelProps) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        <CommissionSummary summary={summary} mode={mode} />
        <TextInput
          label="Description"
          maxLength={255}
          value={form.description}
          onChange={(e) => form.setDescription(e.currentTarget.value)}
        />
        {mode === 'payout' && (
          <TextInput
            label="Payout date"
            type="date"
            w={{ base: '100%', sm: 240 }}
            description="If not selected, current date will be used"
            max={form.today}
            value={form.payoutDate}
            error={form.dateProblem}
            onChange={(e) => form.setPayoutDate(e.currentTarget.value)}
          />
        )}
        {form.message && <ErrorAlert testId="bulk-alert">{form.message}</ErrorAlert>}
        <Group>
          <Button onClick={form.submit} loading={form.isProcessing} color="green">
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
