import { FileInput, Select } from '@mantine/core';
import type { AgentOption, Booking } from '../../api/bookings-api';
import type { BookingFormApi } from './types';

interface AgentReceiptSectionProps {
  form: BookingFormApi;
  admin: boolean;
  agents: readonly AgentOption[];
  agentsLoading: boolean;
  /** The receipt already stored with the booking being edited. */
  receipt: Booking['booking_receipt'];
}

/** The Primary Agent picker (admins only, spec §6) and the optional receipt. */
export function AgentReceiptSection({ form, admin, agents, agentsLoading, receipt }: AgentReceiptSectionProps) {
  return (
    <>
      {admin && (
        <Select
          label="Primary Agent"
          required
          searchable
          placeholder={agentsLoading ? 'Loading agents…' : 'Select an agent'}
          data={agents.map((a) => ({ value: String(a.id), label: a.name }))}
          nothingFoundMessage="No agent found"
          name="primary_agent_id"
          {...form.getInputProps('primary_agent_id')}
        />
      )}

      <FileInput
        label="Booking Receipt (Optional)"
        description="An image or a PDF, at most 5 MB."
        accept="image/*,application/pdf"
        clearable
        {...form.getInputProps('booking_receipt')}
        placeholder={receipt ? `Keep ${receipt.filename}` : 'Choose a file'}
      />
    </>
  );
}
