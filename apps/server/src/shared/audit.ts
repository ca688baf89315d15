import type { DbOrTx } from '../db/client';
import { auditLogs } from '../db/schema';

export interface AuditEntry {
  /** who: null for the system (CLI, seed, scheduled effects) */
  userId: number | null;
  action: string;
  entityType: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
  meta?: Record<string, unknown>;
}

/**
 * The one way to write the audit log (DOMAIN.md §Audit). Call it with the transaction that makes
 * the change, so the change and its audit rows commit or roll back together. Many entries go in as
 * few statements (no insert per row). The table is append-only (a trigger refuses UPDATE, DELETE and
 * TRUNCATE).
 */
export async function writeAudits(db: DbOrTx, entries: readonly AuditEntry[]): Promise<void> {
  // 7 parameters a row: stay well under PostgreSQL's 65,535 parameters a statement.
  for (let i = 0; i < entries.length; i += CHUNK) {
    await db.insert(auditLogs).values(entries.slice(i, i + CHUNK).map(toRow));
  }
}

export const writeAudit = (db: DbOrTx, entry: AuditEntry) => writeAudits(db, [entry]);

const CHUNK = 5000;

function toRow(entry: AuditEntry): typeof auditLogs.$inferInsert {
  return {
    user_id: entry.userId,
    action: entry.action,
    entity_type: entry.entityType,
    entity_id: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    before: entry.before === undefined ? null : redact(entry.before),
    after: entry.after === undefined ? null : redact(entry.after),
    meta: entry.meta ?? null,
  };
}

const SECRET_KEYS = new Set(['password', 'password_hash', 'password_confirmation', 'sin_number']);

/** An unpaired UTF-16 surrogate (a string cut in the middle of a character): jsonb refuses it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Secrets never reach the audit log; a SIN is kept as its last three characters. Every string is made
 * well-formed (an unpaired surrogate becomes U+FFFD), so no text can fail the jsonb insert.
 */
function redact(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(LONE_SURROGATE, '\uFFFD');
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      // The last three characters, not code units: a cut surrogate pair is not valid text in jsonb.
      if (k === 'sin_number' && typeof v === 'string') out[k] = v ? `***${[...v].slice(-3).join('')}` : v;
      else if (SECRET_KEYS.has(k)) out[k] = v === null || v === undefined ? v : '[redacted]';
      else out[k] = redact(v);
    }
    return out;
  }
  return value;
}
