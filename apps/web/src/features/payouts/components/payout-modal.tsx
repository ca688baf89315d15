import { moneyToString, parseMoney, percentText, sumMoney, type PayoutOutcome } from '@app/domain';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { getErrorMessage } from '../../../lib/api-client';
import type { CurrencyLike } from '../../../lib/format';
import {
  gstRateQueryOptions,
  useProcessPayout,
  usePayoutInfo,
  type PayoutInfo,
  type ProcessPayoutResult,
} from '../api/payouts-api';
import { centsOf, money, percentOf } from '../utils/money';
import { AmountsTable, ErrorAlert } from './amounts-table';
import { amountProblem, blockProblem, initialAmount, outcomeOf, payoutMax, previewItems } from '../utils/payout-modal';

export const PAYOUT_INFO_FAILED = 'Failed to fetch payout information';
export const PAYOUT_INFO_ERROR = 'An error occurred while fetching payout information';
export const PAYOUT_FAILED = 'Failed to process payout';
export const PAYOUT_ERROR = 'An error occurred while processing the payout';

export interface PayoutModalProps {
  /** The booking to pay out; null while no booking is chosen. */
  bookingId: number | null;
  opened: boolean;
  onClose: () => void;
  /** The server's answer after a payout (the bookings list shows its message in the success banner). */
  onPaid: (result: ProcessPayoutResult) => void;
}

/**
 * The bookings list's payout modal (bookings spec §2, §4, §5, §7, §8): loads `GET /bookings/{id}/payout-info`,
 * shows the booking, what is available and who gets what, takes an amount and posts
 * `POST /bookings/{id}/process-payout`.
 */
export function PayoutModal({ bookingId, opened, onClose, onPaid }: PayoutModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Process Payout" size="xl">
      {opened && bookingId !== null && <PayoutModalBody bookingId={bookingId} onClose={onClose} onPaid={onPaid} />}
    </Modal>
  );
}

/** Mounted while the modal is open: each opening reads what is available now. */
function PayoutModalBody({ bookingId, onClose, onPaid }: Omit<PayoutModalProps, 'opened'> & { bookingId: number }) {
  const info = usePayoutInfo(bookingId);
  if (info.isPending) {
    return (
      <Group gap="sm" role="status" aria-label="Loading payout information">
        <Loader size="sm" />
        <Text size="sm">Loading payout information…</Text>
      </Group>
    );
  }
  if (info.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="payout-info-error">
        {getErrorMessage(info.error, PAYOUT_INFO_FAILED, PAYOUT_INFO_ERROR)}
      </Alert>
    );
  }
  return <PayoutForm info={info.data} onClose={onClose} onPaid={onPaid} />;
}

interface PayoutFormProps {
  info: PayoutInfo;
  onClose: () => void;
  onPaid: (result: ProcessPayoutResult) => void;
}

function PayoutForm({ info, onClose, onPaid }: PayoutFormProps) {
  const { booking, payout } = info;
  const currency = booking.currency;
  const show = (amount: number) => money(centsOf(amount), currency);
  const [amount, setAmount] = useState(() => initialAmount(info));
  const [description, setDescription] = useState('');
  const [submitError, setSubmitError] = useState<string | null>(null);
  const gst = useQuery(gstRateQueryOptions());
  const gstRate = gst.data ? percentOf(gst.data.gst_rate) : null;
  const process = useProcessPayout(booking.id);

  const blocked = blockProblem(info);
  const problem = amountProblem(info, amount);
  const preview = previewItems(info, amount, gstRate);
  const max = payoutMax(info);
  // Partial or completed follows from the amount (DOMAIN.md "Payouts"): shown, not chosen.
  const outcome = outcomeOf(info, amount);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseMoney(amount);
    if (blocked || problem || !parsed.ok || !outcome) return;
    setSubmitError(null);
    process.mutate(
      { payout_amount: moneyToString(parsed.value), description, is_partial: outcome.is_partial },
      {
        onSuccess: (result) => {
          onPaid(result);
          onClose();
        },
        onError: (error) => setSubmitError(getErrorMessage(error, PAYOUT_FAILED, PAYOUT_ERROR)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" data-testid="payout-booking">
          <Fact label="Booking reference" value={booking.reference} />
          <Fact label="Supplier" value={`${booking.supplier} (${currency.code})`} />
          <Fact label="Gross commission" value={show(booking.booking_amount)} />
          <Fact label="Expected commission" value={show(booking.expected_commission)} />
          <Fact label="Paid" value={show(booking.paid_amount)} />
          <Fact label="Remaining" value={show(booking.remaining_amount)} />
        </SimpleGrid>

        <Group gap="xl" data-testid="payout-available">
          <Fact label="Available amount" value={show(payout.available_amount)} strong />
          {payout.max_available_amount !== undefined && (
            <Fact label="Maximum available amount" value={money(max, currency)} strong />
          )}
        </Group>

        {payout.commission_breakdown.length > 0 && (
          <Stack gap={4}>
            <Title order={5}>Commission breakdown</Title>
            <AmountsTable
              testId="payout-breakdown"
              head={['Agent', 'Percentage', 'Amount', 'GST', 'Total']}
              rows={payout.commission_breakdown.map((row) => ({
                key: row.agent_id,
                cells: [
                  row.agent_name,
                  `${percentText(percentOf(row.percentage))}%`,
                  show(row.amount),
                  show(row.gst_amount),
                  show(row.total),
                ],
              }))}
            />
          </Stack>
        )}

        {payout.agents_without_accounts.length > 0 && (
          <Alert color="red" variant="light" title="Agents without accounts" data-testid="agents-without-accounts">
            <Text size="sm">{payout.agents_without_accounts.map((a) => a.agent_name).join(', ')}</Text>
          </Alert>
        )}
        {blocked && <ErrorAlert testId="payout-blocked">{blocked}</ErrorAlert>}

        <TextInput
          label="Payout amount"
          type="number"
          step="0.01"
          inputMode="decimal"
          required
          value={amount}
          onChange={(e) => setAmount(e.currentTarget.value)}
          onBlur={() => {
            const parsed = parseMoney(amount);
            if (parsed.ok) setAmount(moneyToString(parsed.value));
          }}
          error={problem}
          description={`Available: ${show(payout.available_amount)}`}
          disabled={blocked !== null}
        />

        {preview && (
          <Stack gap={4}>
            <Title order={5}>This payout pays</Title>
            <AmountsTable
              testId="payout-preview"
              head={['Agent', 'Percentage', 'Commission', 'GST', 'Total']}
              rows={preview.map((item) => ({
                key: item.line_id,
                cells: [
                  item.agent_name,
                  `${percentText(item.percentage)}%`,
                  money(item.commission, currency),
                  money(item.gst, currency),
                  money(item.total, currency),
                ],
              }))}
              foot={{
                label: 'Total to agents',
                span: 2,
                cells: [
                  money(sumMoney(preview.map((i) => i.commission)), currency),
                  money(sumMoney(preview.map((i) => i.gst)), currency),
                  money(sumMoney(preview.map((i) => i.total)), currency),
                ],
              }}
            />
          </Stack>
        )}

        <Checkbox
          label="Partial payment"
          checked={outcome?.is_partial ?? false}
          indeterminate={outcome === null}
          readOnly
          aria-readonly
          // Read-only: the box says what the amount does; a click changes nothing.
          onChange={() => undefined}
          disabled={blocked !== null}
          description={outcome ? outcomeText(outcome, currency) : null}
          data-testid="payout-partial"
        />
        <TextInput
          label="Description"
          maxLength={255}
          placeholder={payout.default_description}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          disabled={blocked !== null}
        />

        {submitError && <ErrorAlert testId="payout-error">{submitError}</ErrorAlert>}

        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            color="green"
            loading={process.isPending}
            disabled={blocked !== null || problem !== null}
          >
            Process Payout
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** 'CA$1,000.00 will remain: the booking becomes partial', or 'Nothing will remain: …completed'. */
function outcomeText(outcome: PayoutOutcome, currency: CurrencyLike): string {
  const remain = outcome.is_partial ? `${money(outcome.remaining, currency)} will remain` : 'Nothing will remain';
  return `${remain}: the booking becomes ${outcome.status}`;
}

function Fact({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500}>
        {value}
      </Text>
    </Stack>
  );
}
