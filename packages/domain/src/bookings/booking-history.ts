/**
 * A booking's history as people read it, from its audit rows (DOMAIN.md "Audit"): which fields each
 * row changed, and what of it a non-admin may see (DOMAIN.md "Report cards": non-admins see only their
 * own commission lines).
 */

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
