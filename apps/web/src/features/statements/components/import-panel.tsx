import { subMoney } from '@app/domain';
import { Alert, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconFileImport } from '@tabler/icons-react';
import { ImportAgainCheckbox } from '../../../components/import-file-input';
import { currencySymbol, formatCount, type CurrencyLike } from '../../../lib/format';
import type { StatementImportFormState } from '../hooks/use-statement-import-form';
import { money, netOf, signedMoney } from '../utils/statement-money';

interface ImportPanelProps {
  state: StatementImportFormState;
  currency: CurrencyLike;
  /** The preview's totals, for the deposit's difference. */
  totals: { credit_total: number; debit_total: number };
}

/**
 * The deposit the statement was paid with (compared with its net, exactly), and 'Import N lines'; a refused
 * import says why here, by the button (the fields above say it too), with the duplicate file override.
 */
export function ImportPanel({ state, currency, totals }: ImportPanelProps) {
  const net = netOf(totals.credit_total, totals.debit_total);
  const deposit = state.depositAmount;
  const compared = deposit === null ? null : { deposit, difference: subMoney(deposit, net) };
  return (
    <Paper withBorder radius="md" p="lg">
      <form onSubmit={state.startImport} noValidate data-testid="statement-import-submit">
        <Stack gap="sm">
          <TextInput
            label="Deposit received"
            description="What the supplier's payment for this statement was; the statement's net is compared with it. Optional."
            type="number"
            min={0.01}
            step={0.01}
            inputMode="decimal"
            maw={320}
            leftSection={<Text size="sm">{currencySymbol(currency)}</Text>}
            value={state.deposit}
            onChange={(e) => state.setDeposit(e.currentTarget.value)}
            error={state.fieldErrors.deposit_amount}
          />
          {compared && (
            <Text size="sm" aria-live="polite" data-testid="deposit-difference">
              {`Net ${money(net, currency)}, deposit ${money(compared.deposit, currency)}: `}
              <Text span inherit fw={600} c={compared.difference === 0n ? 'green.8' : 'red'}>
                {compared.difference === 0n
                  ? 'no difference'
                  : `difference ${signedMoney(compared.difference, currency)}`}
              </Text>
            </Text>
          )}
          {state.banner && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle size={18} />}
              withCloseButton
              onClose={state.clearBanner}
              data-testid="import-banner"
            >
              {state.banner}
            </Alert>
          )}
          {state.duplicate && (
            <ImportAgainCheckbox checked={state.allowDuplicate} onChange={state.chooseAllowDuplicate} />
          )}
          <Group justify="flex-end">
            <Button
              type="submit"
              disabled={!state.canImport}
              loading={state.importing}
              leftSection={<IconFileImport size={16} />}
            >
              {`Import ${formatCount(state.lineCount, 'line')}`}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
