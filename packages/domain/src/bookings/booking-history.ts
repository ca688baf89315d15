/**
 * A booking's history as people read it, from its audit rows (DOMAIN.md "Audit"): which fields each
 * row changed, and what of it a non-admin may see (DOMAIN.md "Report cards": non-admins see only their
 * own commission lines).
 */

import type { RateSource } from '../commission/resolve-rate';

export type HistoryValue = string | number | boolean | null;

export interface HistoryChange {
  field: string;
  before: HistoryValue;
  after: HistoryValue;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isScalar = (v: unknown): v is HistoryValue | undefined =>
  v === null || v === undefined || ['string', 'number', 'boolean'].includes(typeof v);

/** Decimal text as stored ('12.5000') and as computed ('12.5') is the same value; a reference has no dot. */
const DECIMAL = /^-?\d+\.\d+$/;

/** A value as compared: nothing (null, undefined, '') is one value; decimals by their value. */
function canonical(v: HistoryValue | undefined): HistoryValue {
  if (v === undefined || v === null || v === '') return null;
  if (typeof v === 'number') return canonical(String(v));
  if (typeof v === 'string' && DECIMAL.test(v)) return v.replace(/0+$/, '').replace(/\.$/, '');
  return v;
}

/**
 * The fields an audit row set to another value than they had, in the order the stored row gives them. A row
 * only names what it wrote (`after`), so a field absent from `after` did not change. A creation (no
 * `before`) lists every field it set to something. Lists and objects (commission lines, payout items)
 * are left out: the lines table shows the lines as they are.
 */
export function historyChanges(before: unknown, after: unknown): HistoryChange[] {
  if (!isRecord(after)) return [];
  const was = isRecord(before) ? before : null;
  const changes: HistoryChange[] = [];
  for (const [field, value] of Object.entries(after)) {
    if (!isScalar(value)) continue;
    const previous = was?.[field];
    if (!isScalar(previous)) continue;
    if (canonical(previous) === canonical(value)) continue;
    changes.push({ field, before: previous ?? null, after: value ?? null });
  }
  return changes;
}

/**
 * An audit value as an agent may read it: every list of per-agent entries (commission lines, payout
 * items: objects with an `agent_id`) keeps only the agent's own entries.
 */
export function ownEntriesOnly(value: unknown, agentId: number): unknown {
  if (Array.isArray(value)) {
    return value
      .filter((v) => !isRecord(v) || !('agent_id' in v) || v.agent_id === agentId)
      .map((v) => ownEntriesOnly(v, agentId));
  }
  if (isRecord(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, ownEntriesOnly(v, agentId)]));
  }
  return value;
}

/** How a history value reads: money in the booking's currency, a name for an id, Yes/No, … */
export type HistoryFieldKind =
  | 'text'
  | 'money'
  | 'percent'
  | 'date'
  | 'yes_no'
  | 'booking_status'
  | 'rate_source'
  | 'agent'
  | 'supplier'
  | 'booking_group'
  | 'payout'
  | 'file';

/** The kinds whose value is the id of another record, which the history names. */
const HISTORY_REFERENCE_KINDS = ['agent', 'supplier', 'booking_group', 'payout', 'file'] as const;
export type HistoryReferenceKind = (typeof HISTORY_REFERENCE_KINDS)[number];

/** Whether a field of this kind holds the id of another record ({@link HISTORY_REFERENCE_KINDS}). */
export const isHistoryReferenceKind = (kind: string): kind is HistoryReferenceKind =>
  (HISTORY_REFERENCE_KINDS as readonly string[]).includes(kind);

/**
 * The record id a history value holds: 1 to 9 digits, as stored text ('12') or a number (12); null for
 * anything else ('', null, '1e3', '-4', 1.5, true), which names no record.
 */
export function historyReferenceId(value: HistoryValue): number | null {
  const text = typeof value === 'number' ? String(value) : value;
  return typeof text === 'string' && /^\d{1,9}$/.test(text) ? Number(text) : null;
}

/** The booking fields an audit row may name, with the words of the booking form and page (spec). */
const BOOKING_HISTORY_FIELDS: Readonly<Record<string, { label: string; kind: HistoryFieldKind }>> = {
  booking_reference: { label: 'Booking Reference', kind: 'text' },
  trip_number: { label: 'Trip Number', kind: 'text' },
  customer_name: { label: 'Customer Name', kind: 'text' },
  booking_date: { label: 'Booking Date', kind: 'date' },
  booking_amount: { label: 'Total Commission', kind: 'money' },
  expected_commission: { label: 'Expected Commission', kind: 'money' },
  status: { label: 'Status', kind: 'booking_status' },
  notes: { label: 'Notes', kind: 'text' },
  is_personal: { label: 'Personal Booking', kind: 'yes_no' },
  is_claimed_booking: { label: 'Claimed booking', kind: 'yes_no' },
  is_group_booking: { label: 'Group Booking', kind: 'yes_no' },
  booking_group_id: { label: 'Booking group', kind: 'booking_group' },
  supplier_id: { label: 'Supplier', kind: 'supplier' },
  booking_receipt_file_id: { label: 'Receipt', kind: 'file' },
  commission_percentage: { label: 'Rate', kind: 'percent' },
  rate_source: { label: 'Rate from', kind: 'rate_source' },
  primary_agent_id: { label: 'Primary Agent', kind: 'agent' },
  is_sub_agent: { label: 'Sub-agent booking', kind: 'yes_no' },
  parent_agent_id: { label: 'Parent agent', kind: 'agent' },
  sub_agent_id: { label: 'Sub-agent', kind: 'agent' },
  split_percentage: { label: 'Split percentage', kind: 'percent' },
  paid_amount: { label: 'Paid', kind: 'money' },
  payout_id: { label: 'Payout', kind: 'payout' },
  payout_amount: { label: 'Payout amount', kind: 'money' },
  is_reconciled: { label: 'Reconciled', kind: 'yes_no' },
  cancellation_note: { label: 'Cancellation note', kind: 'text' },
};

/** A field of a history entry: its label and kind ('trip_number' of an unknown row reads 'Trip number'). */
export function historyField(field: string): { label: string; kind: HistoryFieldKind } {
  const known = BOOKING_HISTORY_FIELDS[field];
  if (known) return known;
  const words = field.replace(/_/g, ' ').trim();
  return { label: words.charAt(0).toUpperCase() + words.slice(1), kind: 'text' };
}

/** Where a booking's rate came from, in words (booking page and history). */
export const RATE_SOURCE_LABELS: Readonly<Record<RateSource, string>> = {
  agent_rule: "Agent's commission rule",
  tier_rule: 'Tier commission rule',
  agent_default: "Agent's default percentage",
  none: 'No rate (0%)',
};

/** The ids of other records that these changes name, by kind (what the history looks names up for). */
export function historyReferences(changes: readonly HistoryChange[]): Record<HistoryReferenceKind, number[]> {
  const found: Record<HistoryReferenceKind, Set<number>> = {
    agent: new Set(),
    supplier: new Set(),
    booking_group: new Set(),
    payout: new Set(),
    file: new Set(),
  };
  for (const c of changes) {
    const kind = historyField(c.field).kind;
    if (!isHistoryReferenceKind(kind)) continue;
    for (const v of [c.before, c.after]) {
      const id = historyReferenceId(v);
      if (id !== null) found[kind].add(id);
    }
  }
  return Object.fromEntries(Object.entries(found).map(([k, ids]) => [k, [...ids].sort((a, b) => a - b)])) as Record<
    HistoryReferenceKind,
    number[]
  >;
}
