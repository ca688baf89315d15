import type { PayoutOutcome } from '@app/domain';
import { Alert, Button, Checkbox, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { getErrorMessage } from '../../../lib/api-client';
import type { CurrencyLike } from '../../../lib/format';
import { usePayoutInfo, type PayoutInfo, type ProcessPayoutResult } from '../api/payouts-api';
import { usePayoutForm } from '../hooks/use-payout-form';
import { centsOf, money } from '../utils/money';
import { ErrorAlert } from './amounts-table';
import { PayoutFacts, PayoutPreview } from './payout-facts';

export const PAYOUT_INFO_FAILED = 'Failed to fetch payout information';
export const PAYOUT_INFO_ERROR = 'An error occurred while fetching payout information';

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
  const currency = info.booking.currency;
  const form = usePayoutForm(info, onPaid, onClose);
  const { blocked, outcome } = form;

  return (
    <form onSubmit={form.submit} noValidate>
      <Stack gap="md">
        <PayoutFacts info={info} />
        {blocked && <ErrorAlert testId="payout-blocked">{blocked}</ErrorAlert>}

        <TextInput
          label="Payout amount"
          type="number"
          step="0.01"
          inputMode="decimal"
          required
          value={form.amount}
          onChange={(e) => form.setAmount(e.currentTarget.value)}
          onBlur={form.normaliseAmount}
          error={form.problem}
          description={`Available: ${money(centsOf(info.payout.available_amount), currency)}`}
          disabled={blocked !== null}
        />

        {form.preview && <PayoutPreview preview={form.preview} currency={currency} />}

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
          placeholder={info.payout.default_description}
          value={form.description}
          onChange={(e) => form.setDescription(e.currentTarget.value)}
          disabled={blocked !== null}
        />

        {form.submitError && <ErrorAlert testId="payout-error">{form.submitError}</ErrorAlert>}

        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            color="green"
            loading={form.isProcessing}
            disabled={blocked !== null || form.problem !== null}
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
