import { useState, type FormEvent } from 'react';
import { formatDate, formatMoney } from '../../../lib/format';
import {
  useAgentOptions,
  useCountryOptions,
  useGroupOptions,
  useAvailablePayouts,
  type AvailablePayout,
  useStateOptions,
  useSupplierAndTierOptions,
} from '../api/filter-options';
import { emptyFilters, rangeProblem, type DateRange, type ReportFilters } from '../utils/report-query';

export type IdField = 'booking_group_id' | 'agent_id' | 'country_id' | 'state_id' | 'tier_id' | 'payout_id';

/** A select's value and how a choice changes the filters being edited. */
export type BindId = (key: IdField) => { value: string; onChange: (value: string) => void };

/**
 * The filters being edited: applied on submit when the range is valid (else the range's problem shows),
 * or reset to the default range with no other filter (applied at once).
 */
export function useReportFiltersDraft(
  initial: ReportFilters,
  defaults: DateRange,
  onApply: (f: ReportFilters) => void,
) {
  const [draft, setDraft] = useState<ReportFilters>(initial);
  const [problem, setProblem] = useState<string | null>(null);

  const bindDate = (key: keyof DateRange) => ({
    value: draft[key],
    onChange: (value: string) => {
      setProblem(null);
      setDraft((d) => ({ ...d, [key]: value }));
    },
  });
  const bindId: BindId = (key) => ({
    value: draft[key],
    onChange: (value: string) =>
      // A new country clears its state: the states are the country's.
      setDraft((d) => ({ ...d, [key]: value, ...(key === 'country_id' ? { state_id: '' } : {}) })),
  });
  const setSuppliers = (value: string[]) => setDraft((d) => ({ ...d, include_suppliers: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const why = rangeProblem(draft);
    setProblem(why);
    if (why === null) onApply(draft);
  };
  const reset = () => {
    const cleared = emptyFilters(defaults);
    setProblem(null);
    setDraft(cleared);
    onApply(cleared);
  };
  return { draft, problem, bindDate, bindId, setSuppliers, submit, reset };
}

/**
 * The filters' options: groups, suppliers and payouts for everyone; agents, tiers, countries and the chosen
 * country's states for admins.
 */
export function useReportFilterOptions(isAdmin: boolean, draft: ReportFilters, initial: ReportFilters) {
  const groups = useGroupOptions();
  const agents = useAgentOptions(isAdmin);
  const countries = useCountryOptions(isAdmin);
  const states = useStateOptions(isAdmin ? draft.country_id : '');
  const { suppliers, tiers } = useSupplierAndTierOptions(isAdmin);
  // The payouts paid within the range being edited (the applied one while it is not a valid range).
  const payouts = useAvailablePayouts(rangeProblem(draft) === null ? draft : initial);
  return { groups, agents, countries, states, suppliers, tiers, payouts: payoutOptions(payouts, draft.payout_id) };
}

/** Each payout by name, date and total; a chosen payout outside the range stays offered by its number. */
function payoutOptions(payouts: readonly AvailablePayout[], chosenId: string) {
  const options = payouts.map((p) => ({
    value: String(p.id),
    label: `${p.name} · ${formatDate(p.payout_date)} · ${formatMoney(p.total_amount, { code: p.currency_code })}`,
  }));
  if (chosenId && !options.some((o) => o.value === chosenId)) {
    options.unshift({ value: chosenId, label: `Payout #${chosenId}` });
  }
  return options;
}
