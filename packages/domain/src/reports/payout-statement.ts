/**
 * The layout of a payout statement (DOMAIN.md "Files": the payout PDF and the next-payout PDF): the items
 * grouped by agent and currency, a subtotal per group and a grand total per currency. Amounts in different
 * currencies are never added; every total is the exact sum of its items' cents.
 */
import { formatUnits, sumMoney, type Cents } from '../money/money';
import type { Percent } from '../money/percent';

/** One paid (or payable) agent line of one booking. */
export interface StatementItem {
  agent_id: number;
  agent_name: string;
  /** ISO code of the booking's currency ('CAD'). */
  currency_code: string;
  booking_reference: string;
  /** YYYY-MM-DD. */
  booking_date: string;
  supplier_name: string;
  /** The gross (the payout's portion of the booking's gross) the percentage applies to. */
  gross: Cents;
  percentage: Percent;
  commission: Cents;
  gst: Cents;
  /** commission + gst. */
  total: Cents;
}

export interface StatementTotals {
  /** How many items the total counts. */
  count: number;
  commission: Cents;
  gst: Cents;
  total: Cents;
}

export interface StatementGroup<T extends StatementItem = StatementItem> {
  agent_id: number;
  agent_name: string;
  currency_code: string;
  /** By booking date, then booking reference. */
  items: T[];
  subtotal: StatementTotals;
}

export interface PayoutStatement<T extends StatementItem = StatementItem> {
  /** By agent name (then id), then currency code. */
  groups: StatementGroup<T>[];
  /** One per currency present, by currency code. */
  grand_totals: (StatementTotals & { currency_code: string })[];
}

/**
 * The most items one statement PDF lists: what the largest payout can hold (a bulk payout takes at most
 * 5,000 bookings, each with at most two agent lines). A next-payout PDF over more is refused with
 * {@link statementTooLarge}: rendering it would hold a request for minutes.
 */
export const STATEMENT_PDF_MAX_ITEMS = 10_000;

/** Why a next-payout PDF of `count` items is refused. */
export const statementTooLarge = (count: number) =>
  `The PDF would list ${count.toLocaleString('en')} items; one PDF lists at most ${STATEMENT_PDF_MAX_ITEMS.toLocaleString('en')}. Narrow the filters (dates, agent, suppliers).`;

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The exact sums of these items (count, commission, GST, total). */
export function statementTotals(items: readonly StatementItem[]): StatementTotals {
  return {
    count: items.length,
    commission: sumMoney(items.map((i) => i.commission)),
    gst: sumMoney(items.map((i) => i.gst)),
    total: sumMoney(items.map((i) => i.total)),
  };
}

/**
 * Groups the items by agent and currency with a subtotal each, and totals them per currency.
 * The order is deterministic whatever the input order (ties keep the input order).
 */
export function buildPayoutStatement<T extends StatementItem>(items: Iterable<T>): PayoutStatement<T> {
  const groups = new Map<string, T[]>();
  const byCurrency = new Map<string, T[]>();
  for (const item of items) {
    const key = `${item.agent_id}\u0000${item.currency_code}`;
    const group = groups.get(key) ?? [];
    group.push(item);
    groups.set(key, group);
    const currency = byCurrency.get(item.currency_code) ?? [];
    currency.push(item);
    byCurrency.set(item.currency_code, currency);
  }
  const sorted = [...groups.values()].map((list) => {
    const first = list[0]!;
    const ordered = [...list].sort(
      (a, b) => byText(a.booking_date, b.booking_date) || byText(a.booking_reference, b.booking_reference),
    );
    return {
      agent_id: first.agent_id,
      agent_name: first.agent_name,
      currency_code: first.currency_code,
      items: ordered,
      subtotal: statementTotals(ordered),
    };
  });
  sorted.sort(
    (a, b) =>
      a.agent_name.localeCompare(b.agent_name, 'en', { sensitivity: 'base' }) ||
      a.agent_id - b.agent_id ||
      byText(a.currency_code, b.currency_code),
  );
  const grand_totals = [...byCurrency.entries()]
    .sort(([a], [b]) => byText(a, b))
    .map(([currency_code, list]) => ({ currency_code, ...statementTotals(list) }));
  return { groups: sorted, grand_totals };
}

/** An amount as a printed statement shows it: thousands grouped, 2 decimals ('1,234.50', '-0.05'). */
export function formatStatementAmount(amount: Cents): string {
  const text = formatUnits(amount, 2);
  const negative = text.startsWith('-');
  const [int = '0', frac = '00'] = (negative ? text.slice(1) : text).split('.');
  return `${negative ? '-' : ''}${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac}`;
}

/** What a statement says of an agent's GST/HST registration (agents spec: has_gst, gst_number). */
export interface StatementAgentGst {
  has_gst: boolean;
  gst_number: string | null;
}

/**
 * The note by a GST-registered agent's name on a statement (a registered agent's statement needs their
 * number: ACCOUNTING-FILES.md §5): 'GST/HST no. 123456789RT0001'; a registration without a number says
 * so, for the bookkeeper to complete; an agent who is not registered gets none (null).
 */
export function statementGstNote(agent: StatementAgentGst): string | null {
  if (!agent.has_gst) return null;
  const number = agent.gst_number?.trim() ?? '';
  return number === '' ? 'GST/HST registered: no GST/HST number on file' : `GST/HST no. ${number}`;
}

/** The notes by the agents' names on a statement, by agent id, from their items' registration ({@link statementGstNote}). */
export function statementGstNotes(items: readonly (StatementAgentGst & { agent_id: number })[]): Map<number, string> {
  const notes = new Map<number, string>();
  for (const item of items) {
    const note = statementGstNote(item);
    if (note !== null) notes.set(item.agent_id, note);
  }
  return notes;
}
