/**
 * The bulk payout / reconcile screen's rules (agents-transactions-payouts §4 "Payout screen", §5 "Payout"),
 * pure: each booking's row state, what selecting a booking does to its amount, the amount's range, the
 * custom commission, the payloads of §7, grouping by primary agent and the per-currency totals. Money is
 * exact (Cents, Percent); every money rule is the domain's (`availableAmount`, `payoutAmountProblem`,
 * `customCommissionProblem`, `planPayout`).
 */
import {
  absMoney,
  availableAmount,
  customCommissionProblem,
  HUNDRED_PERCENT,
  moneyToString,
  parseMoney,
  parsePercent,
  PAYOUT_MESSAGES,
  payoutAmountProblem,
  payoutDateProblem,
  percentText,
  percentToString,
  planPayout,
  sumMoney,
  ZERO_PERCENT,
  type Cents,
  type MoneyItem,
  type PayoutItem,
  type PayoutLine,
  type Percent,
} from '@app/domain';
import type { BulkProcessBody, BulkReconcileBody, BulkSearchBody, SearchBooking } from '../api/payouts-api';
import { centsOf, percentOf, toPayoutLine } from './money';

export type BulkMode = 'payout' | 'reconcile';

/* ------------------------------------------------------------------ filters */

/** The search filters as the form and the URL hold them (strings; '' = not set). */
export interface BulkFilters {
  supplier_id: string;
  date_from: string;
  date_to: string;
  personal: boolean;
  is_reconciled: boolean;
  exclude_reconciled: boolean;
  payout_id: string;
}

export const EMPTY_FILTERS: BulkFilters = {
  supplier_id: '',
  date_from: '',
  date_to: '',
  personal: false,
  is_reconciled: false,
  exclude_reconciled: false,
  payout_id: '',
};

const on = (v: string | null) => v === '1' || v === 'true';

export function readFilters(params: URLSearchParams): BulkFilters {
  return {
    supplier_id: params.get('supplier_id') ?? '',
    date_from: params.get('date_from') ?? '',
    date_to: params.get('date_to') ?? '',
    personal: on(params.get('personal')),
    is_reconciled: on(params.get('is_reconciled')),
    exclude_reconciled: on(params.get('exclude_reconciled')),
    payout_id: params.get('payout_id') ?? '',
  };
}

export function filtersToSearch(f: BulkFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['supplier_id', 'date_from', 'date_to', 'payout_id'] as const) if (f[key]) params.set(key, f[key]);
  for (const key of ['personal', 'is_reconciled', 'exclude_reconciled'] as const) if (f[key]) params.set(key, '1');
  return params;
}

/** 'Only reconciled' and 'exclude reconciled' exclude each other: ticking one unticks the other. */
export function setReconciledFilter(
  f: BulkFilters,
  key: 'is_reconciled' | 'exclude_reconciled',
  value: boolean,
): BulkFilters {
  const other = key === 'is_reconciled' ? 'exclude_reconciled' : 'is_reconciled';
  return { ...f, [key]: value, ...(value ? { [other]: false } : {}) };
}

/** Both set (only possible from the URL): the screen warns and disables Search. */
export const bothReconciledFilters = (f: BulkFilters) => f.is_reconciled && f.exclude_reconciled;

/** `POST /bulk-payouts/search` (§7): supplier_id, date_from, date_to, personal, is_reconciled and exclude_reconciled (true or null), payout_id, and the mode. */
export function searchBody(f: BulkFilters, mode: BulkMode): BulkSearchBody {
  return {
    supplier_id: f.supplier_id ? Number(f.supplier_id) : null,
    date_from: f.date_from || null,
    date_to: f.date_to || null,
    personal: f.personal,
    is_reconciled: f.is_reconciled ? true : null,
    exclude_reconciled: f.exclude_reconciled ? true : null,
    payout_id: f.payout_id ? Number(f.payout_id) : null,
    mode,
  };
}

/* ------------------------------------------------------------------ one booking's row */

export interface RowState {
  selected: boolean;
  /** The payout amount as typed (payout mode). */
  amount: string;
  /** Reconcile before paying (payout mode). */
  reconcile: boolean;
  custom: boolean;
  /** Custom percentages as typed, by commission line id. */
  percents: Readonly<Record<number, string>>;
}

const originalPercents = (b: SearchBooking): Record<number, string> =>
  Object.fromEntries(b.actual_commissions.map((l) => [l.id, percentText(percentOf(l.percentage))]));

/** The gross the amount is checked against and the most that can be paid: after a reconcile, the received amount is the gross. */
export function amountLimits(b: SearchBooking, reconcile: boolean): { gross: Cents; max: Cents } {
  if (!reconcile) return { gross: centsOf(b.booking_amount), max: centsOf(b.available_amount) };
  const received = centsOf(b.transaction_amount);
  return {
    gross: received,
    max: availableAmount({ gross: received, paid: centsOf(b.paid_amount), net: received, reconciled: true }),
  };
}

/** Why the typed amount cannot be paid out of this row, or null (the server's rule). */
export function rowAmountProblem(b: SearchBooking, row: RowState): string | null {
  const parsed = parseMoney(row.amount);
  if (!parsed.ok) return parsed.reason === 'empty' ? PAYOUT_MESSAGES.notPositive : parsed.error;
  const { gross, max } = amountLimits(b, row.reconcile);
  return payoutAmountProblem(parsed.value, gross, max);
}

/** The amount as 2 decimals; out of range (or not a number) resets to what is available (§5). */
export function normalisedAmount(b: SearchBooking, row: RowState): string {
  const parsed = parseMoney(row.amount);
  if (parsed.ok && rowAmountProblem(b, row) === null) return moneyToString(parsed.value);
  return moneyToString(amountLimits(b, row.reconcile).max);
}

/**
 * What selecting a booking sets the amount to: the booking amount for a reconciled booking, the
 * transaction amount for one marked for reconciliation, else the available amount — then kept in range.
 */
function amountOnSelect(b: SearchBooking, row: RowState): string {
  const amount = b.is_reconciled ? b.booking_amount : row.reconcile ? b.transaction_amount : b.available_amount;
  return normalisedAmount(b, { ...row, amount: moneyToString(centsOf(amount)) });
}

/**
 * Why the server says this booking cannot be paid, reconciled first or not (a duplicate reference, …), or
 * null: its row cannot be selected. A booking marked for reconciliation (a mismatch) can be, reconciled.
 */
export const blockReason = (b: SearchBooking): string | null =>
  b.payout_block_reason && b.payout_block_reason_after_reconcile !== null ? b.payout_block_reason : null;

/**
 * Why this row cannot be paid with its Reconcile box as it is, or null: a booking marked for
 * reconciliation cannot be paid without the reconcile (DOMAIN.md "Matching": a mismatch is not payable).
 */
export const rowBlockReason = (b: SearchBooking, row: RowState): string | null =>
  (row.reconcile ? b.payout_block_reason_after_reconcile : b.payout_block_reason) ?? null;

/** A booking's row as the search gives it (§4 defaults). */
export function initialRow(b: SearchBooking): RowState {
  const amount = b.is_reconciled ? b.booking_amount : b.available_amount;
  const row: RowState = {
    selected: false,
    amount: moneyToString(centsOf(amount)),
    reconcile: b.needs_reconciliation,
    custom: b.is_reconciled,
    percents: originalPercents(b),
  };
  return { ...row, amount: normalisedAmount(b, row) };
}

export function selectRow(b: SearchBooking, row: RowState, selected: boolean): RowState {
  if (!selected) return { ...row, selected };
  if (blockReason(b) !== null) return row;
  const next = { ...row, selected, custom: row.custom || b.is_reconciled };
  return { ...next, amount: amountOnSelect(b, next) };
}

export function setReconcile(b: SearchBooking, row: RowState, reconcile: boolean): RowState {
  const next = { ...row, reconcile };
  return { ...next, amount: amountOnSelect(b, next) };
}

/** Turning custom commission off puts the original percentages back. */
export function setCustom(b: SearchBooking, row: RowState, custom: boolean): RowState {
  return { ...row, custom, percents: originalPercents(b) };
}

/* ------------------------------------------------------------------ custom commission */

export interface CustomCheck {
  /** The parsed percentages by line id, when every one is a valid percentage (0..100, step 0.01). */
  percents: Map<number, Percent> | null;
  /** The message of the first invalid percentage, by line id. */
  fieldErrors: Record<number, string>;
  agents: Percent;
  /** 100 − the agents' sum, never below 0. */
  company: Percent;
  /** Agents + company: 'Must equal 100%' when it is not 100. */
  total: Percent;
  /** The domain's message for the first problem ('… exceed 100% (total: N%)'), or null. */
  problem: string | null;
}

export function checkCustom(b: SearchBooking, row: RowState): CustomCheck {
  const percents = new Map<number, Percent>();
  const fieldErrors: Record<number, string> = {};
  for (const line of b.actual_commissions) {
    const parsed = parsePercent(row.percents[line.id] ?? '');
    if (parsed.ok) percents.set(line.id, parsed.value);
    else fieldErrors[line.id] = parsed.error;
  }
  const agents = [...percents.values()].reduce((a, p) => a + p, 0n) as Percent;
  const company = (agents > HUNDRED_PERCENT ? ZERO_PERCENT : HUNDRED_PERCENT - agents) as Percent;
  const valid = Object.keys(fieldErrors).length === 0;
  const lineIds = b.actual_commissions.map((l) => l.id);
  const firstFieldError = Object.values(fieldErrors)[0];
  return {
    percents: valid ? percents : null,
    fieldErrors,
    agents,
    company,
    total: (agents + company) as Percent,
    problem: valid
      ? customCommissionProblem(b.booking_reference, lineIds, percents, company)
      : `${b.booking_reference}: ${firstFieldError ?? ''}`,
  };
}

/* ------------------------------------------------------------------ the screen's state */

export interface BulkState {
  bookings: ReadonlyMap<number, SearchBooking>;
  rows: ReadonlyMap<number, RowState>;
}

export type BulkAction =
  | { type: 'reset'; bookings: readonly SearchBooking[] }
  | { type: 'select'; ids: readonly number[]; selected: boolean }
  | { type: 'amount'; id: number; text: string }
  | { type: 'normaliseAmount'; id: number }
  | { type: 'reconcile'; id: number; value: boolean }
  | { type: 'custom'; id: number; value: boolean }
  | { type: 'percent'; id: number; lineId: number; text: string };

export const EMPTY_STATE: BulkState = { bookings: new Map(), rows: new Map() };

export function bulkReducer(state: BulkState, action: BulkAction): BulkState {
  if (action.type === 'reset') {
    return {
      bookings: new Map(action.bookings.map((b) => [b.id, b])),
      rows: new Map(action.bookings.map((b) => [b.id, initialRow(b)])),
    };
  }
  const rows = new Map(state.rows);
  const update = (id: number, change: (b: SearchBooking, row: RowState) => RowState) => {
    const b = state.bookings.get(id);
    const row = rows.get(id);
    if (b && row) rows.set(id, change(b, row));
  };
  switch (action.type) {
    case 'select':
      for (const id of action.ids) update(id, (b, row) => selectRow(b, row, action.selected));
      break;
    case 'amount':
      update(action.id, (_, row) => ({ ...row, amount: action.text }));
      break;
    case 'normaliseAmount':
      update(action.id, (b, row) => ({ ...row, amount: normalisedAmount(b, row) }));
      break;
    case 'reconcile':
      update(action.id, (b, row) => setReconcile(b, row, action.value));
      break;
    case 'custom':
      update(action.id, (b, row) => setCustom(b, row, action.value));
      break;
    case 'percent':
      update(action.id, (_, row) => ({ ...row, percents: { ...row.percents, [action.lineId]: action.text } }));
      break;
  }
  return { ...state, rows };
}

/** The selected bookings with their rows, in the search's order. */
export function selectedRows(state: BulkState): { booking: SearchBooking; row: RowState }[] {
  const out: { booking: SearchBooking; row: RowState }[] = [];
  for (const [id, booking] of state.bookings) {
    const row = state.rows.get(id);
    if (row?.selected) out.push({ booking, row });
  }
  return out;
}

/* ------------------------------------------------------------------ submit */

/**
 * Why the selection cannot be sent, or null: nothing selected; a custom commission above 100% or with an
 * invalid percentage; (payout mode) an amount the server would refuse.
 */
export function submitProblem(
  selection: readonly { booking: SearchBooking; row: RowState }[],
  mode: BulkMode,
  payoutDate: { date: string; today: string } = { date: '', today: '' },
) {
  if (selection.length === 0) return 'Please select at least one booking to process.';
  if (mode === 'payout') {
    const problem = payoutDateFieldProblem(payoutDate.date, payoutDate.today);
    if (problem) return problem;
  }
  for (const { booking, row } of selection) {
    if (row.custom) {
      const problem = checkCustom(booking, row).problem;
      if (problem) return problem;
    }
    if (mode === 'payout') {
      const problem = rowBlockReason(booking, row) ?? rowAmountProblem(booking, row);
      if (problem) return `${booking.booking_reference}: ${problem}`;
    }
  }
  return null;
}

/** The payout date field's problem, or null: blank is today (the server's); a date after today is refused (DOMAIN.md rule 6). */
export function payoutDateFieldProblem(date: string, today: string): string | null {
  return date === '' ? null : payoutDateProblem(date, today);
}

function customFields(booking: SearchBooking, row: RowState) {
  if (!row.custom) return { use_custom_commission: false, custom_commissions: [], company_percentage: null };
  const check = checkCustom(booking, row);
  return {
    use_custom_commission: true,
    custom_commissions: booking.actual_commissions.map((l) => ({
      commission_id: l.id,
      percentage: percentToString(check.percents?.get(l.id) ?? ZERO_PERCENT),
    })),
    company_percentage: percentToString(check.company),
  };
}

const descriptionOr = (description: string, fallback: string) => description.trim() || fallback;

/** `POST /bulk-payouts/process` (§7, payout mode). Call after `submitProblem` is null. */
export function processBody(
  selection: readonly { booking: SearchBooking; row: RowState }[],
  description: string,
  payoutDate: string,
): BulkProcessBody {
  return {
    payouts: selection.map(({ booking, row }) => ({
      booking_id: booking.id,
      payout_amount: normalisedAmount(booking, row),
      reconcile: row.reconcile,
      ...customFields(booking, row),
    })),
    description: descriptionOr(description, PAYOUT_MESSAGES.defaultBulkDescription),
    payout_date: payoutDate || null,
  };
}

/** `POST /bulk-payouts/reconcile` (§7, reconcile mode). Call after `submitProblem` is null. */
export function reconcileBody(
  selection: readonly { booking: SearchBooking; row: RowState }[],
  description: string,
): BulkReconcileBody {
  return {
    bookings: selection.map(({ booking, row }) => ({
      booking_id: booking.id,
      transaction_amount: moneyToString(centsOf(booking.transaction_amount)),
      ...customFields(booking, row),
    })),
    description: descriptionOr(description, PAYOUT_MESSAGES.defaultReconcileDescription),
  };
}

/* ------------------------------------------------------------------ what agents receive */

/**
 * What a payout of this row pays from: the booking's gross and lines, or after a reconcile the received
 * amount as the gross and the lines the commission engine gives it there (`lines_after_reconcile`, from
 * the search); null when the server did not say what they would be. A line the reconcile would create
 * has no id yet: it gets a negative one here (no custom percentage can name it, as on the server).
 */
export function payoutBasis(b: SearchBooking, reconcile: boolean): { gross: Cents; lines: PayoutLine[] } | null {
  if (!reconcile) return { gross: centsOf(b.booking_amount), lines: b.actual_commissions.map(toPayoutLine) };
  if (!b.lines_after_reconcile) return null;
  return {
    gross: centsOf(b.transaction_amount),
    lines: b.lines_after_reconcile.map((l, i) => toPayoutLine({ ...l, id: l.id ?? -(i + 1) })),
  };
}

/**
 * The items this row's payout pays, exactly as the server will pay them (its `planPayout` on the same
 * lines: after a reconcile, the engine's lines at the received amount), or null when it cannot be told
 * here: an amount or custom commission with a problem, or a reconcile whose lines the search did not give.
 */
export function plannedItems(b: SearchBooking, row: RowState, gstRate: Percent): PayoutItem[] | null {
  if (rowBlockReason(b, row) !== null || rowAmountProblem(b, row) !== null) return null;
  const amount = parseMoney(row.amount);
  if (!amount.ok) return null;
  const basis = payoutBasis(b, row.reconcile);
  if (!basis) return null;
  let custom: Map<number, Percent> | undefined;
  if (row.custom) {
    const check = checkCustom(b, row);
    if (check.problem || !check.percents) return null;
    // The server checks the custom percentages against the lines it pays (after a reconcile, the new ones).
    const lineIds = basis.lines.map((l) => l.id);
    if (customCommissionProblem(b.booking_reference, lineIds, check.percents, check.company)) return null;
    custom = check.percents;
  }
  return planPayout({
    gross: basis.gross,
    paidBefore: centsOf(b.paid_amount),
    amount: amount.value,
    lines: basis.lines,
    gstRate,
    custom,
  });
}

/** The agents' commission of a booking (its lines, GST excluded). */
export const agentCommission = (b: SearchBooking): Cents =>
  sumMoney(b.actual_commissions.map((l) => centsOf(l.amount)));

/** The company's share of a booking's commission: 100 − the lines' percentages. */
export const companyPercent = (b: SearchBooking): Percent =>
  (HUNDRED_PERCENT - b.actual_commissions.reduce((a, l) => a + percentOf(l.percentage), 0n)) as Percent;

const currencyOf = (b: SearchBooking) => b.supplier.currency_code;

/** Whether processing this row reconciles its booking (gross := received): every row in reconcile mode. */
export const reconciles = (row: RowState, mode: BulkMode) => mode === 'reconcile' || row.reconcile;

export interface GrossDrop {
  booking: SearchBooking;
  currency: string;
  /** The gross now and after the reconcile (the received amount). */
  from: Cents;
  to: Cents;
  /** How much of the gross the reconcile gives up (positive): it can never be paid. */
  drop: Cents;
}

/**
 * The selected bookings whose gross a reconcile would lower (the received amount is less than the gross;
 * for a refund, closer to zero): what they give up can never be paid, so the screen asks before sending.
 */
export function grossDrops(selection: readonly { booking: SearchBooking; row: RowState }[], mode: BulkMode) {
  const out: GrossDrop[] = [];
  for (const { booking, row } of selection) {
    if (!reconciles(row, mode)) continue;
    const from = centsOf(booking.booking_amount);
    const to = centsOf(booking.transaction_amount);
    // Towards zero (or past it) from the gross: a refund's gross drops when it comes closer to zero.
    if (from >= 0n ? to >= from : to <= from) continue;
    out.push({ booking, currency: currencyOf(booking), from, to, drop: absMoney((from - to) as Cents) });
  }
  return out;
}

export interface SelectionSummary {
  count: number;
  /** Payout amounts (payout mode) or reconcile amounts (reconcile mode), per currency. */
  amounts: MoneyItem[];
  /** Payout mode: what the agents receive (commission, GST). Reconcile mode: their commission before it. */
  commission: MoneyItem[];
  /** Reconcile mode: the agents' commission once reconciled (the engine's lines at the received amount). */
  commissionAfter: MoneyItem[];
  /** Selected bookings whose items cannot be told here (an amount, a percentage or a Reconcile box to fix). */
  notPreviewed: number;
}

/** The Commission Summary of the selection; amounts are never added across currencies. */
export function selectionSummary(
  selection: readonly { booking: SearchBooking; row: RowState }[],
  mode: BulkMode,
  gstRate: Percent | null,
): SelectionSummary {
  const summary: SelectionSummary = {
    count: selection.length,
    amounts: [],
    commission: [],
    commissionAfter: [],
    notPreviewed: 0,
  };
  for (const { booking, row } of selection) {
    const currency = currencyOf(booking);
    if (mode === 'reconcile') {
      summary.amounts.push({ currency, amount: centsOf(booking.transaction_amount) });
      summary.commission.push({ currency, amount: agentCommission(booking) });
      const after = payoutBasis(booking, true);
      if (after) summary.commissionAfter.push({ currency, amount: sumMoney(after.lines.map((l) => l.amount)) });
      else summary.notPreviewed += 1;
      continue;
    }
    const amount = parseMoney(row.amount);
    if (amount.ok) summary.amounts.push({ currency, amount: amount.value });
    const items = gstRate === null ? null : plannedItems(booking, row, gstRate);
    if (!items) {
      summary.notPreviewed += 1;
      continue;
    }
    for (const item of items) summary.commission.push({ currency, amount: item.commission, gst: item.gst });
  }
  return summary;
}

/* ------------------------------------------------------------------ text search and groups */

/** The client-side text search: booking reference, customer name, agent name, supplier name, booking amount. */
export function matchesText(b: SearchBooking, text: string): boolean {
  const needle = text.trim().toLowerCase();
  if (!needle) return true;
  const amount = moneyToString(centsOf(b.booking_amount));
  const haystack = [
    b.booking_reference,
    b.customer_name,
    b.primary_agent.user.name,
    ...b.actual_commissions.map((l) => l.agent.user.name),
    b.supplier.name,
    amount,
    String(b.booking_amount),
  ];
  return haystack.some((s) => s.toLowerCase().includes(needle));
}

export interface AgentGroup {
  agentId: number;
  agentName: string;
  bookings: SearchBooking[];
  /** The agents' commission of the group's bookings, per currency. */
  commission: MoneyItem[];
}

/** Bookings grouped by primary agent, groups sorted by agent name (then id); bookings keep the search's order. */
export function groupByAgent(bookings: readonly SearchBooking[]): AgentGroup[] {
  const groups = new Map<number, AgentGroup>();
  for (const b of bookings) {
    let group = groups.get(b.primary_agent_id);
    if (!group) {
      group = { agentId: b.primary_agent_id, agentName: b.primary_agent.user.name, bookings: [], commission: [] };
      groups.set(b.primary_agent_id, group);
    }
    group.bookings.push(b);
    group.commission.push({ currency: currencyOf(b), amount: agentCommission(b) });
  }
  return [...groups.values()].sort(
    (a, b) => a.agentName.localeCompare(b.agentName, 'en', { sensitivity: 'base' }) || a.agentId - b.agentId,
  );
}

export interface GroupPage {
  group: AgentGroup;
  /** This page's bookings of the group. */
  bookings: SearchBooking[];
  /** The group started on an earlier page. */
  continued: boolean;
}

/** Rows per page: a search of 1,000 bookings renders 100 rows at a time. */
export const ROWS_PER_PAGE = 100;

/** The groups' bookings on `page` (1-based), `perPage` rows a page, in group order. */
export function pageOfGroups(groups: readonly AgentGroup[], page: number, perPage = ROWS_PER_PAGE): GroupPage[] {
  const start = (page - 1) * perPage;
  const end = start + perPage;
  const out: GroupPage[] = [];
  let offset = 0;
  for (const group of groups) {
    const from = Math.max(start - offset, 0);
    const to = Math.min(end - offset, group.bookings.length);
    if (from < to) out.push({ group, bookings: group.bookings.slice(from, to), continued: from > 0 });
    offset += group.bookings.length;
    if (offset >= end) break;
  }
  return out;
}
