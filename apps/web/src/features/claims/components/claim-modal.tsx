import { UPLOAD_IMAGE_OR_PDF_ACCEPT, type UnmatchedTransaction } from '@app/domain';
import {
  Alert,
  Button,
  Checkbox,
  FileInput,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { useClaimForm, type ClaimFormState } from '../hooks/use-claim-form';
import { transactionAmount } from './transaction-facts';

export interface ClaimModalProps {
  /** The transaction to claim; the modal is open while there is one. */
  transaction: UnmatchedTransaction | null;
  /** An admin creates the booking at once for the agent they pick; an agent sends a request for review. */
  isAdmin: boolean;
  onClose: () => void;
  /** After the claim went through (the modal has said so and closes). */
  onClaimed?: () => void;
}

/** The claim-transaction-as-booking modal (spec §2 "Modals", §5 "Claim modal", §6 claiming, §8 "Claim"). */
export function ClaimModal({ transaction, isAdmin, onClose, onClaimed }: ClaimModalProps) {
  const [sending, setSending] = useState(false);
  return (
    <Modal
      opened={transaction !== null}
      onClose={sending ? () => {} : onClose}
      title={isAdmin ? 'Claim transaction as a booking' : 'Claim this booking'}
      size="lg"
    >
      {transaction && (
        <ClaimForm
          key={transaction.id}
          transaction={transaction}
          isAdmin={isAdmin}
          onCancel={onClose}
          onSending={setSending}
          onClaimed={() => {
            onClose();
            onClaimed?.();
          }}
        />
      )}
    </Modal>
  );
}

interface ClaimFormProps {
  transaction: UnmatchedTransaction;
  isAdmin: boolean;
  onCancel: () => void;
  onSending: (sending: boolean) => void;
  onClaimed: () => void;
}

function ClaimForm({ transaction, isAdmin, onCancel, onSending, onClaimed }: ClaimFormProps) {
  const state = useClaimForm({ transaction, isAdmin, onSending, onClaimed });
  const { form, pending } = state;
  return (
    <form onSubmit={state.submit} noValidate data-testid="claim-form">
      <Stack gap="sm">
        <FormErrorAlert state={state.failure} onClose={state.clearFailure} />
        <ClaimedTransactionFields transaction={transaction} form={form} />
        <BookingFields state={state} isAdmin={isAdmin} />
        <Textarea
          label="Notes (Optional)"
          autosize
          minRows={2}
          maxRows={6}
          name="notes"
          {...form.getInputProps('notes')}
        />
        <Checkbox
          label="Personal Booking"
          name="is_personal"
          {...form.getInputProps('is_personal', { type: 'checkbox' })}
        />
        <FileInput
          label={isAdmin ? 'Booking Receipt (Optional)' : 'Booking Receipt'}
          description="An image (JPEG, PNG) or a PDF, at most 5 MB."
          required={!isAdmin}
          accept={UPLOAD_IMAGE_OR_PDF_ACCEPT}
          clearable
          placeholder="Choose a file"
          {...form.getInputProps('booking_receipt')}
        />
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} p="xs">
          {isAdmin
            ? 'The booking is created at once for the agent you choose, as pending, and matches this transaction.'
            : 'An admin reviews your claim; once approved, the booking is yours, as pending, and matches this transaction.'}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {isAdmin ? 'Create booking' : 'Submit claim'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const readOnly = { readOnly: true, variant: 'filled' } as const;

/** The transaction being claimed, read-only; the server's errors about it show on its fields. */
function ClaimedTransactionFields({
  transaction,
  form,
}: {
  transaction: UnmatchedTransaction;
  form: ClaimFormState['form'];
}) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
      <TextInput
        label="Transaction Reference"
        value={transaction.reference_number}
        error={form.errors.reference_number}
        {...readOnly}
      />
      <TextInput label="Supplier" value={transaction.supplier_name} error={form.errors.supplier} {...readOnly} />
      <TextInput label="Amount" value={transactionAmount(transaction)} error={form.errors.amount} {...readOnly} />
    </SimpleGrid>
  );
}

/** The booking the claim creates: reference, customer, date and (an admin's choice) the primary agent. */
function BookingFields({ state, isAdmin }: { state: ClaimFormState; isAdmin: boolean }) {
  const { form } = state;
  return (
    <>
      <TextInput
        label="Booking Reference"
        description="The transaction's reference, in UPPERCASE letters, numbers and hyphens."
        required
        name="booking_reference"
        {...form.getInputProps('booking_reference')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label="Customer Name"
          required
          name="customer_name"
          autoComplete="off"
          {...form.getInputProps('customer_name')}
        />
        <TextInput
          label="Booking Date"
          type="date"
          required
          name="booking_date"
          {...form.getInputProps('booking_date')}
        />
      </SimpleGrid>
      {isAdmin && (
        <Select
          label="Primary Agent"
          required
          searchable
          placeholder={state.agentsPending ? 'Loading agents…' : 'Select an agent'}
          data={state.agentOptions}
          nothingFoundMessage="No agent found"
          name="primary_agent_id"
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('primary_agent_id')}
        />
      )}
    </>
  );
}
