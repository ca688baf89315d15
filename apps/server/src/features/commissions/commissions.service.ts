import {
  COMMISSION_CREATED,
  COMMISSION_DELETED,
  COMMISSION_UPDATED,
  moneyToString,
  percentToString,
  type CommissionInput,
  type CommissionRule,
  type Recalculation,
  type RecalculationPreview,
  type SessionUser,
} from '@app/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { notFound } from '../../http/errors';
import { writeAudit } from '../../shared/audit';
import { idArray } from '../../shared/sql';
import type { RuleOverlay, RuleOwner } from './agent-facts';
import { assertOwner, assertSuppliers, insertRuleSuppliers } from './commission-rule-checks';
import { loadRule, toRule } from './commission-rules.repo';
import { planRecalculation, recalculateBookings } from './recalculation';

/**
 * Saving a commission rule: validated, audited, and followed in the same transaction by the
 * recalculation of the bookings it affects; and the previews of what a save or a delete would
 * recalculate. Rate decisions stay in the domain.
 */

/**
 * Unpaid bookings a rule of this owner can change, set-based: for an agent, its bookings (as the
 * primary agent or the sub-agent) with those suppliers; for a tier, the bookings with those suppliers
 * of every agent who holds or held the tier (either as booker or as parent).
 */
async function affectedBookingIds(tx: DbOrTx, owners: readonly RuleOwner[]): Promise<number[]> {
  const parts: SQL[] = [];
  for (const o of owners) {
    if (o.suppliers.length === 0) continue;
    const supplierList = idArray(o.suppliers);
    if (o.commission_type === 'agent') {
      parts.push(sql`select b.id from bookings b where b.supplier_id = any(${supplierList})
        and (b.primary_agent_id = ${o.general_id} or b.sub_agent_id = ${o.general_id})`);
    } else {
      parts.push(sql`select b.id from bookings b
        join (select a.id from agents a where a.commission_tier_id = ${o.general_id}
              union select h.agent_id from agent_tier_history h where h.commission_tier_id = ${o.general_id}) ta
          on ta.id = b.primary_agent_id or ta.id = b.sub_agent_id
        where b.supplier_id = any(${supplierList})`);
    }
  }
  if (parts.length === 0) return [];
  const { rows } = await tx.execute<{ id: number }>(sql`
    select distinct x.id from (${sql.join(parts, sql` union `)}) x
      join bookings b on b.id = x.id
     where b.status not in ('cancelled', 'completed')
     order by x.id`);
  return rows.map((r) => r.id);
}

async function recalculateFor(
  tx: DbOrTx,
  owners: readonly RuleOwner[],
  actor: { userId: number; reason: string },
): Promise<Recalculation> {
  const bookingIds = await affectedBookingIds(tx, owners);
  const report = await recalculateBookings(tx, bookingIds, actor);
  return { changed: report.changed, difference: report.difference };
}

/**
 * What a save would recalculate, from the same bookings and the same planning the save uses, with the
 * rule resolved as saved (`overlay`) and nothing written: the count the save then reports.
 */
async function previewFor(
  tx: DbOrTx,
  owners: readonly RuleOwner[],
  overlay: RuleOverlay,
): Promise<RecalculationPreview> {
  const bookingIds = await affectedBookingIds(tx, owners);
  const { summary } = await planRecalculation(tx, bookingIds, { overlay, lock: false });
  return {
    changed: summary.changed,
    by_status: summary.by_status,
    difference: summary.difference.map((d) => ({
      currency_code: d.currency_code,
      before: moneyToString(d.before),
      after: moneyToString(d.after),
      delta: moneyToString(d.delta),
    })),
  };
}

/** A preview runs in a read-only transaction: one snapshot, and no write can slip in. */
const readOnly = { accessMode: 'read only' } as const;

/** `POST /commissions/preview` (id null) and `POST /commissions/{id}/preview`: the save's checks, then its recalculation, unwritten. */
export async function previewCommissionSave(
  db: Db,
  id: number | null,
  input: CommissionInput,
): Promise<{ status: 'success'; data: RecalculationPreview }> {
  return db.transaction(async (tx) => {
    const before = id === null ? null : await loadRule(tx, id);
    if (id !== null && before === null) throw notFound('The commission');
    await assertOwner(tx, input, before);
    await assertSuppliers(tx, input, id);
    const beforeRule = before && toRule(before);
    const data = await previewFor(tx, beforeRule ? [beforeRule, input] : [input], {
      remove: beforeRule,
      add: input,
    });
    return { status: 'success' as const, data };
  }, readOnly);
}

/** `GET /commissions/{id}/delete-preview`: what deleting the rule would recalculate. */
export async function previewCommissionDelete(
  db: Db,
  id: number,
): Promise<{ status: 'success'; data: RecalculationPreview }> {
  return db.transaction(async (tx) => {
    const before = await loadRule(tx, id);
    if (!before) throw notFound('The commission');
    const rule = toRule(before);
    return { status: 'success' as const, data: await previewFor(tx, [rule], { remove: rule, add: null }) };
  }, readOnly);
}

const auditShape = (r: { commission_type: string; general_id: number; percentage: string; suppliers: unknown }) => ({
  commission_type: r.commission_type,
  general_id: r.general_id,
  percentage: r.percentage,
  suppliers: r.suppliers,
});

export interface SavedCommission {
  status: 'success';
  message: string;
  data: CommissionRule;
  recalculation: Recalculation;
}

type RuleAction = 'create' | 'update' | 'delete';
const PAST: Record<RuleAction, string> = { create: 'created', update: 'updated', delete: 'deleted' };

/** Locks a stored rule's row for the write and reads it as it was. */
async function lockRule(tx: DbOrTx, id: number): Promise<CommissionRule> {
  const locked = await tx.execute(sql`select id from commission_rules where id = ${id} for update`);
  if (locked.rows.length === 0) throw notFound('The commission');
  return toRule((await loadRule(tx, id))!);
}

/**
 * The one shape of every rule write, in one transaction: lock (the stored rule's row; and its owner,
 * so the supplier check cannot race another save of the same owner), assert the input, write,
 * recalculate the bookings the rule touched before and touches now, audit. `id` is null for a create,
 * `input` null for a delete; `write` returns the id of the rule written.
 */
async function writeRule(
  db: Db,
  user: SessionUser,
  action: RuleAction,
  target: { id: number | null; input: CommissionInput | null },
  write: (tx: DbOrTx) => Promise<number>,
): Promise<{ data: CommissionRule | null; recalculation: Recalculation }> {
  const { id, input } = target;
  return db.transaction(async (tx) => {
    const before = id === null ? null : await lockRule(tx, id);
    if (input) {
      await assertOwner(tx, input, before);
      // One save at a time per owner, so the supplier check cannot race another save of the same owner.
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`commission:${input.commission_type}`}), ${input.general_id})`,
      );
      await assertSuppliers(tx, input, id);
    }
    const savedId = await write(tx);
    const data = input ? toRule((await loadRule(tx, savedId))!) : null;
    const owners: RuleOwner[] = [before, input].filter((o) => o !== null);
    const recalculation = await recalculateFor(tx, owners, {
      userId: user.id,
      reason: `commission rule #${savedId} ${PAST[action]}`,
    });
    await writeAudit(tx, {
      userId: user.id,
      action,
      entityType: 'commission_rule',
      entityId: savedId,
      ...(before && { before: auditShape(before) }),
      ...(data && { after: auditShape(data) }),
      meta: { recalculation },
    });
    return { data, recalculation };
  });
}

export async function createCommissionRule(
  db: Db,
  input: CommissionInput,
  user: SessionUser,
): Promise<SavedCommission> {
  const { data, recalculation } = await writeRule(db, user, 'create', { id: null, input }, async (tx) => {
    const { rows } = await tx.execute<{ id: number }>(sql`
      insert into commission_rules (commission_type, general_id, percentage)
      values (${input.commission_type}, ${input.general_id}, ${percentToString(input.percentage)}) returning id`);
    const id = rows[0]!.id;
    await insertRuleSuppliers(tx, id, input);
    return id;
  });
  return { status: 'success', message: COMMISSION_CREATED, data: data!, recalculation };
}

export async function updateCommissionRule(
  db: Db,
  id: number,
  input: CommissionInput,
  user: SessionUser,
): Promise<SavedCommission> {
  const { data, recalculation } = await writeRule(db, user, 'update', { id, input }, async (tx) => {
    await tx.execute(sql`
      update commission_rules set commission_type = ${input.commission_type}, general_id = ${input.general_id},
             percentage = ${percentToString(input.percentage)}, updated_at = now()
       where id = ${id}`);
    await tx.execute(sql`delete from commission_rule_suppliers where rule_id = ${id}`);
    await insertRuleSuppliers(tx, id, input);
    return id;
  });
  return { status: 'success', message: COMMISSION_UPDATED, data: data!, recalculation };
}

export async function deleteCommissionRule(db: Db, id: number, user: SessionUser) {
  const { recalculation } = await writeRule(db, user, 'delete', { id, input: null }, async (tx) => {
    await tx.execute(sql`delete from commission_rules where id = ${id}`); // suppliers cascade
    return id;
  });
  return { status: 'success' as const, message: COMMISSION_DELETED, recalculation };
}
