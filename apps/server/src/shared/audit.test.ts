/**
 * The audit log's redaction, below the API (whose validation no longer lets such a SIN through): what is
 * written is what jsonb accepts, masked by characters, never by UTF-16 code units.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { auditRows, createTestDatabase } from '../test/test-app';
import { writeAudit } from './audit';

let db: Db;
beforeAll(async () => {
  ({ db } = await createTestDatabase());
});

async function written(after: Record<string, unknown>): Promise<Record<string, unknown>> {
  const entityId = `${Math.random()}`;
  await writeAudit(db, { userId: null, action: 'create', entityType: 'audit-test', entityId, after });
  const [row] = (await auditRows(db, 'audit-test')).filter((r) => r.entity_id === entityId);
  return row!.after as Record<string, unknown>;
}

describe('audit redaction', () => {
  it.each([
    // The fuzzer's 500: slice(-3) on code units kept half of the first pair, and jsonb refused the lone surrogate.
    ['\u{10000}\u{10000}', '***\u{10000}\u{10000}'],
    ['\u{1F600}\u{1F601}\u{1F602}\u{1F603}', '***\u{1F601}\u{1F602}\u{1F603}'],
    ['046-454-286', '***286'],
    ['', ''],
  ])('keeps SIN %j as its last three characters: %j', async (sin, masked) => {
    expect(await written({ sin_number: sin, full_name: 'Ana' })).toEqual({ sin_number: masked, full_name: 'Ana' });
  });

  it('writes no password and turns an unpaired surrogate into U+FFFD', async () => {
    expect(
      await written({ password: 'secret-pass-1', note: 'cut \uD83D here', nested: [{ password_hash: 'h' }] }),
    ).toEqual({ password: '[redacted]', note: 'cut \uFFFD here', nested: [{ password_hash: '[redacted]' }] });
  });
});
