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
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { toFormData } from '../../../lib/api-client';
import type { FormErrorState } from '../../../lib/form-errors';
import { useAgentsList } from '../../bookings';
import { useAdminClaim, useRequestClaim } from '../api/claims-api';
import {
  adminClaimPayload,
  agentClaimPayload,
  claimErrorState,
  claimFormSchema,
  initialClaimValues,
  type ClaimFormValues,
} from '../utils/claim-form';
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
  const form = useForm<ClaimFormValues>({
    initialValues: initialClaimValues(transaction),
    validate: schemaResolver(claimFormSchema({ admin: isAdmin, transaction }), { sync: true }),
    // The UPPERCASE rule and the receipt's size and type answer as soon as they are broken.
    validateInputOnChange: ['booking_reference', 'booking_receipt'],
  });
  const agents = useAgentsList(isAdmin);
  const requestClaim = useRequestClaim();
  const adminClaim = useAdminClaim();
  const pending = requestClaim.isPending || adminClaim.isPending;
  const [failure, setFailure] = useState<FormErrorState | null>(null);

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    onSending(true);
    try {
      const saved = isAdmin
        ? await adminClaim.mutateAsync(toFormData(adminClaimPayload(values, transaction)))
        : await requestClaim.mutateAsync(toFormData(agentClaimPayload(values, transaction)));
      notifications.show({ color: 'green', message: saved.message });
      onClaimed();
    } catch (error) {
      const state = claimErrorState(error);
      form.setErrors(state.fieldErrors);
      setFailure(state);
    } finally {
      onSending(false);
    }
  });

  const readOnly = { readOnly: true, variant: 'filled' } as const;
  return (
    <form onSubmit={submit} noValidate data-testid="claim-form">
      <Stack gap="sm">
        <FormErrorAlert state={failure} onClose={() => setFailure(null)} />
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
            placeholder={agents.isPending ? 'Loading agents…' : 'Select an agent'}
            data={(agents.data ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
            nothingFoundMessage="No agent found"
            name="primary_agent_id"
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('primary_agent_id')}
          />
        )}
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
