import { bookingAgentId, type AgentOption, type Supplier } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { suppliersQueryOptions } from '../../suppliers';
import {
  bookingSuppliersQueryOptions,
  commissionRateQueryOptions,
  useAgentsList,
  useBookingGroupOptions,
  type Booking,
} from '../api/bookings-api';
import type { BookingFormValues } from '../utils/booking-form-values';
import { currencySymbol } from '../../../lib/format';
import { bookingSupplierOptions, type SupplierOption } from '../utils/booking-form-suppliers';
import { expectedCommissionText, subAgentShare, type RateState } from '../utils/expected-commission';
import { useReferenceChecks } from './use-reference-checks';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

interface BookingFormDataArgs {
  booking: Booking | undefined;
  admin: boolean;
  /** The signed-in user's agent (agents book for themselves) and name. */
  ownAgentId: number | null;
  ownName: string;
  values: BookingFormValues;
}

/**
 * What the booking form reads from the server for its current values (spec §4): the suppliers the
 * agent may book, the agents (admins), the groups, the rate for supplier × agent × date, and the
 * reference checks; and what follows from them (currency, format, sub-agent split, expected commission).
 */
export function useBookingFormData({ booking, admin, ownAgentId, ownName, values }: BookingFormDataArgs) {
  // Whose rate the booking is worked out with — the server's rule: the agent an admin chooses (the
  // sub-agent of a via-parent booking while its parent stays chosen), else the agent's own (on edit the
  // booking's own agent). The server decides which suppliers that agent may book (a rate, or a parent
  // agent's sub-agent link) and names the parent for 'name (via parent agent name)'.
  const chosenAgentId = values.primary_agent_id ? Number(values.primary_agent_id) : null;
  const bookerId = bookingAgentId({ is_admin: admin, agent_id: ownAgentId }, chosenAgentId, booking ?? null);
  const suppliers = useBookingSuppliers(admin ? bookerId : null, booking?.supplier_id);
  const agents = useAgentsList(admin);
  const groups = useBookingGroupOptions();
  const agentList = agents.data ?? [];

  const supplierId = values.supplier_id ? Number(values.supplier_id) : null;
  const supplier: Supplier | undefined = suppliers.all?.find((s) => s.id === supplierId);
  const supplierOption = suppliers.options.find((s) => s.id === supplierId);

  const { rateState, subAgent } = useBookingRate(bookerId, supplierId, values.booking_date);
  // A sub-agent supplier books under the parent agent (spec §4); otherwise the booking's agent.
  const effectivePrimaryAgentId = subAgent?.parent_agent_id ?? bookerId;
  const subAgentName =
    subAgent === null || bookerId === null
      ? null
      : subAgentNameOf(bookerId, { booking, ownAgentId, ownName, agents: agentList });
  const nameOf = (agentId: number | null) => agentNameOf(agentId, { supplierOption, booking, agents: agentList });
  const expected = expectedCommissionText(values.booking_amount, rateState);
  // The sub-agent's own share, as the list shows it: 'Your share' to the sub-agent booking it.
  const share =
    subAgent && expected !== ''
      ? {
          label: bookerId === ownAgentId ? 'Your share' : `${subAgentName ?? 'The sub-agent'}'s share`,
          amount: subAgentShare(values.booking_amount, subAgent.commission_percentage, subAgent.split_percentage),
          split: subAgent.split_percentage,
        }
      : null;

  const checks = useReferenceChecks({
    reference: values.booking_reference,
    admin,
    supplierId,
    agentId: effectivePrimaryAgentId,
    excludeBookingId: booking?.id ?? null,
  });

  return {
    agents: agentList,
    agentsLoading: agents.isPending,
    groups: groups.data ?? [],
    supplierOptions: suppliers.options,
    suppliersLoading: suppliers.loading,
    supplierId,
    supplierName: supplierOption?.name ?? supplier?.name,
    format: supplier?.booking_number_format ?? null,
    /** The supplier's currency (£ before one is chosen) and its symbol, written as every screen writes it. */
    currency: supplier?.currency ?? null,
    currencySymbol: currencySymbol(supplier?.currency),
    /** The rate shown under the expected commission, once fetched. */
    rate: rateState.status === 'found' ? rateState.percentage : null,
    subAgent,
    /** The sub-agent of a via-parent booking: the agent whose rate the booking is worked out with. */
    subAgentInfo: subAgent && bookerId !== null ? { id: bookerId, name: subAgentName } : null,
    /** The parent agent and the primary agent of a via-parent booking, by name when known. */
    parentAgentName: nameOf(subAgent?.parent_agent_id ?? null),
    primaryAgentName: nameOf(effectivePrimaryAgentId),
    expected,
    /** A sub-agent booking: the sub-agent's share of the expected commission (CONTRACT: their list's figure). */
    share,
    effectivePrimaryAgentId,
    checks,
  };
}

/** Every supplier (names, currencies, formats) and the options the booker may choose from. */
function useBookingSuppliers(bookerId: number | null, currentSupplierId: number | undefined) {
  const suppliers = useQuery(suppliersQueryOptions());
  const bookable = useQuery(bookingSuppliersQueryOptions(bookerId));
  const options = useMemo(
    () => bookingSupplierOptions(bookable.data ?? [], suppliers.data ?? [], currentSupplierId),
    [bookable.data, suppliers.data, currentSupplierId],
  );
  return { all: suppliers.data, options, loading: bookable.isPending || suppliers.isPending };
}

/** The rate: refetched when the supplier, the agent (admins) or the booking date changes. */
function useBookingRate(bookerId: number | null, supplierId: number | null, bookingDate: string) {
  const rateDate = ISO_DATE.test(bookingDate) ? bookingDate : null;
  const rateQuery = useQuery({
    ...commissionRateQueryOptions(bookerId ?? 0, supplierId ?? 0, rateDate),
    enabled: bookerId !== null && supplierId !== null,
  });
  const rateState: RateState =
    supplierId === null
      ? { status: 'no-supplier' }
      : rateQuery.isPending && rateQuery.fetchStatus !== 'idle'
        ? { status: 'loading' }
        : rateQuery.isSuccess
          ? { status: 'found', percentage: rateQuery.data.commission_percentage }
          : { status: 'none' };
  const subAgent = rateQuery.isSuccess && rateQuery.data.is_sub_agent ? rateQuery.data : null;
  return { rateState, subAgent };
}

interface KnownAgents {
  booking: Booking | undefined;
  agents: readonly AgentOption[];
}

/** The sub-agent the panel names: the booking's, an agent from the picker, or the signed-in agent. */
function subAgentNameOf(
  bookerId: number,
  { booking, ownAgentId, ownName, agents }: KnownAgents & { ownAgentId: number | null; ownName: string },
): string | null {
  return bookerId === booking?.sub_agent_id
    ? (booking.sub_agent?.user.name ?? null)
    : bookerId === ownAgentId
      ? ownName
      : (agents.find((a) => a.id === bookerId)?.name ?? null);
}

/**
 * The panel names the parent (who is also the primary agent): from the supplier option the server gave
 * for this agent, the booking being edited, or the admins' agent list.
 */
function agentNameOf(
  agentId: number | null,
  { supplierOption, booking, agents }: KnownAgents & { supplierOption: SupplierOption | undefined },
): string | null {
  return agentId === null
    ? null
    : ((supplierOption?.parentAgentId === agentId ? supplierOption.parentAgentName : null) ??
        (booking?.primary_agent_id === agentId ? booking.primary_agent?.user.name : null) ??
        agents.find((a) => a.id === agentId)?.name ??
        null);
}
export type BookingFormData = ReturnType<typeof useBookingFormData>;
