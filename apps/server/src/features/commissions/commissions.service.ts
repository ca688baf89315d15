import {
  COMMISSION_CREATED,
  COMMISSION_DELETED,
  COMMISSION_UPDATED,
  INVALID_OPTION,
  RATE_SOURCES,
  explainExpectedCommission,
  moneyFromDb,
  moneyToString,
  percentFromDb,
  percentToString,
  resolveBookingRate,
  toCommissionRateResponse,
  type CommissionInput,
  type CommissionListItem,
  type CommissionListQuery,
  type CommissionOption,
  type CommissionRule,
  type CommissionRuleType,
  type Paginated,
  type RateSource,
  type Recalculation,
  type RecalculationPreview,
  type SessionUser,
} from '@app/domain';
import { sql, type SQL } from 'drizzle-orm';
import { todayUtc } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { fieldError, forbidden, notFound, validationError } from '../../http/errors';
import { writeAudit } from '../../shared/audit';
import { idArray, lastPage, likePattern, orderBy, pageLimit, paginate, type SortColumns } from '../../shared/sql';
import type { RuleOverlay, RuleOwner } from './agent-facts';
import { findCommissionLines } from './commission-lines';
import { resolveRateChecked } from './rate-resolution';
import { planRecalculation, recalculateBookings } from './recalculation';

/**
 * Commission rules: the list, the options of the form, saving a rule (validated, audited, and
 * followed in the same transaction by the recalculation of the bookings it affects), rate look-ups
 * and the explanation of a booking's expected commission. Rate decisions stay in the domain.
 */

/** An active agent can own a rule: not marked inactive, status active, and a user that may sign in. */
const ACTIVE_AGENT = sql`a.inactive = false and a.status = 'active' and u.is_active = true`;

export async function findCommissionOptions(db: DbOrTx, type: CommissionRuleType): Promise<CommissionOption[]> {
  const { rows } =
    type === 'tier'
      ? await db.execute<CommissionOption>(sql`select id, name from commission_tiers order by lower(name), id`)
      : await db.execute<CommissionOption>(sql`
          select a.id, u.name from agents a join users u on u.id = a.user_id
           where ${ACTIVE_AGENT} order by lower(u.name), a.id`);
  return rows;
}

type RuleRow = {
  id: number;
  commission_type: CommissionRuleType;
  general_id: number;
  owner_name: string | null;
  percentage: string;
  suppliers: { id: number; name: string }[];
};

const ruleSelect = sql`
  select r.id, r.commission_type, r.general_id, r.percentage::text as percentage,
         case r.commission_type when 'tier' then t.name else u.name end as owner_name,
         coalesce((select json_agg(json_build_object('id', s.id, 'name', s.name) order by lower(s.name), s.id)
                     from commission_rule_suppliers crs join suppliers s on s.id = crs.supplier_id
                    where crs.rule_id = r.id), '[]'::json) as suppliers
    from commission_rules r
    left join commission_tiers t on r.commission_type = 'tier' and t.id = r.general_id
    left join agents a on r.commission_type = 'agent' and a.id = r.general_id
    left join users u on u.id = a.user_id`;

const toListItem = (r: RuleRow): CommissionListItem => ({
  id: r.id,
  commission_type: r.commission_type,
  general_id: r.general_id,
  owner_name: r.owner_name ?? `#${r.general_id}`,
  percentage: percentToString(percentFromDb(r.percentage)),
  suppliers: r.suppliers,
});

const toRule = (r: RuleRow): CommissionRule => ({ ...toListItem(r), suppliers: r.suppliers.map((s) => s.id) });

const SORT_SQL: SortColumns<CommissionListQuery['sort']> = {
  owner: sql`lower(case r.commission_type when 'tier' then t.name else u.name end)`,
  commission_type: sql`r.commission_type`,
  percentage: sql`r.percentage`,
  id: sql`r.id`,
};

export async function findCommissionRules(db: DbOrTx, q: CommissionListQuery): Promise<Paginated<CommissionListItem>> {
  const where: SQL[] = [];
  if (q.type) where.push(sql`r.commission_type = ${q.type}`);
  if (q.search) {
    const like = likePattern(q.search);
    where.push(sql`(case r.commission_type when 'tier' then t.name else u.name end ilike ${like}
      or exists (select 1 from commission_rule_suppliers crs join suppliers s on s.id = crs.supplier_id
                  where crs.rule_id = r.id and s.name ilike ${like}))`);
  }
  const whereSql = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const { rows: count } = await db.execute<{ total: number }>(sql`
    select count(*)::int as total from commission_rules r
      left join commission_tiers t on r.commission_type = 'tier' and t.id = r.general_id
      left join agents a on r.commission_type = 'agent' and a.id = r.general_id
      left join users u on u.id = a.user_id
    ${whereSql}`);
  const total = count[0]?.total ?? 0;
  // A page past the last shows the last one.
  const page = { page: Math.min(q.page, lastPage(total, q.per_page)), per_page: q.per_page };
  const { rows } = await db.execute<RuleRow>(sql`
    ${ruleSelect} ${whereSql}
    ${orderBy(SORT_SQL, q.sort, q.direction, sql`r.id`)}
    ${pageLimit(page)}`);
  return paginate(rows.map(toListItem), total, page);
}

async function loadRule(db: DbOrTx, id: number): Promise<RuleRow | null> {
  const { rows } = await db.execute<RuleRow>(sql`${ruleSelect} where r.id = ${id}`);
  return rows[0] ?? null;
}

export async function getCommissionRuleById(db: DbOrTx, id: number): Promise<CommissionRule> {
  const row = await loadRule(db, id);
  if (!row) throw notFound('The commission');
  return toRule(row);
}

/** general_id must name a tier, or an active agent (the current owner of an edited rule may stay). */
async function assertOwner(tx: DbOrTx, input: CommissionInput, existing: RuleRow | null) {
  const keepsOwner =
    existing !== null && existing.commission_type === input.commission_type && existing.general_id === input.general_id;
  const { rows } =
    input.commission_type === 'tier'
      ? await tx.execute(sql`select 1 from commission_tiers where id = ${input.general_id}`)
      : await tx.execute(sql`
          select 1 from agents a join users u on u.id = a.user_id
           where a.id = ${input.general_id} ${keepsOwner ? sql`` : sql`and ${ACTIVE_AGENT}`}`);
  if (rows.length === 0) throw fieldError('general_id', INVALID_OPTION);
}

const ownerWord = (type: CommissionRuleType) => (type === 'tier' ? 'tier' : 'agent');

/** Every supplier exists, and none is listed by another rule of the same owner (DOMAIN.md). */
async function assertSuppliers(tx: DbOrTx, input: CommissionInput, ruleId: number | null) {
  if (input.suppliers.length === 0) return;
  const { rows: known } = await tx.execute<{ id: number }>(
    sql`select id from suppliers where id = any(${idArray(input.suppliers)})`,
  );
  const found = new Set(known.map((r) => r.id));
  const unknown = input.suppliers.filter((s) => !found.has(s));
  if (unknown.length) {
    throw validationError({
      suppliers: unknown.map((s) => `The selected supplier (id ${s}) does not exist.`),
    });
  }
  const { rows: taken } = await tx.execute<{ name: string }>(sql`
    select s.name from commission_rule_suppliers crs join suppliers s on s.id = crs.supplier_id
     where crs.commission_type = ${input.commission_type} and crs.general_id = ${input.general_id}
       and crs.supplier_id = any(${idArray(input.suppliers)})
       ${ruleId === null ? sql`` : sql`and crs.rule_id <> ${ruleId}`}
     order by lower(s.name)`);
  if (taken.length)
    throw duplicateSuppliers(
      input.commission_type,
      taken.map((r) => r.name),
    );
}

/** One message naming every supplier already listed by another rule of the owner. */
const duplicateSuppliers = (type: CommissionRuleType, names: readonly string[]) => {
  const quoted = names.map((n) => `"${n}"`);
  const list = quoted.length === 1 ? quoted[0]! : `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)!}`;
  const subject = quoted.length === 1 ? `The supplier ${list} is` : `The suppliers ${list} are`;
  return validationError({
    suppliers: [
      `${subject} already listed in another commission rule of this ${ownerWord(type)}; a supplier can appear only once per ${ownerWord(type)}.`,
    ],
  });
};

/** The database's own guard (a concurrent save slipped past the check above): the same 422. */
async function insertRuleSuppliers(tx: DbOrTx, ruleId: number, input: CommissionInput) {
  if (input.suppliers.length === 0) return;
  try {
    await tx.execute(sql`
      insert into commission_rule_suppliers (rule_id, supplier_id, commission_type, general_id)
      select ${ruleId}, s, ${input.commission_type}, ${input.general_id}
        from unnest(${idArray(input.suppliers)}) as s`);
  } catch (err) {
    const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
    const pgErr = e.code ? e : (e.cause ?? {});
    if (pgErr.code === '23505' && pgErr.constraint === 'commission_rule_suppliers_owner_supplier_key') {
      const owner = ownerWord(input.commission_type);
      throw validationError({
        suppliers: [
          `A selected supplier is already listed in another commission rule of this ${owner}; a supplier can appear only once per ${owner}.`,
        ],
      });
    }
    throw err;
  }
}

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

export async function createCommissionRule(
  db: Db,
  input: CommissionInput,
  user: SessionUser,
): Promise<SavedCommission> {
  return db.transaction(async (tx) => {
    await assertOwner(tx, input, null);
    // One save at a time per owner, so the supplier check cannot race another save of the same owner.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`commission:${input.commission_type}`}), ${input.general_id})`,
    );
    await assertSuppliers(tx, input, null);
    const percentage = percentToString(input.percentage);
    const { rows } = await tx.execute<{ id: number }>(sql`
      insert into commission_rules (commission_type, general_id, percentage)
      values (${input.commission_type}, ${input.general_id}, ${percentage}) returning id`);
    const id = rows[0]!.id;
    await insertRuleSuppliers(tx, id, input);
    const data = toRule((await loadRule(tx, id))!);
    const recalculation = await recalculateFor(tx, [input], {
      userId: user.id,
      reason: `commission rule #${id} created`,
    });
    await writeAudit(tx, {
      userId: user.id,
      action: 'create',
      entityType: 'commission_rule',
      entityId: id,
      after: auditShape(data),
      meta: { recalculation },
    });
    return { status: 'success', message: COMMISSION_CREATED, data, recalculation };
  });
}

export async function updateCommissionRule(
  db: Db,
  id: number,
  input: CommissionInput,
  user: SessionUser,
): Promise<SavedCommission> {
  return db.transaction(async (tx) => {
    const locked = await tx.execute(sql`select id from commission_rules where id = ${id} for update`);
    if (locked.rows.length === 0) throw notFound('The commission');
    const before = (await loadRule(tx, id))!;
    await assertOwner(tx, input, before);
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`commission:${input.commission_type}`}), ${input.general_id})`,
    );
    await assertSuppliers(tx, input, id);
    await tx.execute(sql`
      update commission_rules set commission_type = ${input.commission_type}, general_id = ${input.general_id},
             percentage = ${percentToString(input.percentage)}, updated_at = now()
       where id = ${id}`);
    await tx.execute(sql`delete from commission_rule_suppliers where rule_id = ${id}`);
    await insertRuleSuppliers(tx, id, input);
    const data = toRule((await loadRule(tx, id))!);
    const beforeRule = toRule(before);
    const recalculation = await recalculateFor(tx, [beforeRule, input], {
      userId: user.id,
      reason: `commission rule #${id} updated`,
    });
    await writeAudit(tx, {
      userId: user.id,
      action: 'update',
      entityType: 'commission_rule',
      entityId: id,
      before: auditShape(beforeRule),
      after: auditShape(data),
      meta: { recalculation },
    });
    return { status: 'success', message: COMMISSION_UPDATED, data, recalculation };
  });
}

export async function deleteCommissionRule(db: Db, id: number, user: SessionUser) {
  return db.transaction(async (tx) => {
    const locked = await tx.execute(sql`select id from commission_rules where id = ${id} for update`);
    if (locked.rows.length === 0) throw notFound('The commission');
    const before = toRule((await loadRule(tx, id))!);
    await tx.execute(sql`delete from commission_rules where id = ${id}`); // suppliers cascade
    const recalculation = await recalculateFor(tx, [before], {
      userId: user.id,
      reason: `commission rule #${id} deleted`,
    });
    await writeAudit(tx, {
      userId: user.id,
      action: 'delete',
      entityType: 'commission_rule',
      entityId: id,
      before: auditShape(before),
      meta: { recalculation },
    });
    return { status: 'success' as const, message: COMMISSION_DELETED, recalculation };
  });
}

/** Today as YYYY-MM-DD (UTC): the default date of a rate look-up. */

/**
 * `GET /commissions/rates`: an admin may ask about any agent, an agent only about itself.
 * Unknown agent or supplier → 422 on that field.
 */
export async function getCommissionRate(
  db: DbOrTx,
  q: { agent_id: number; supplier_id: number; date?: string | undefined },
  user: SessionUser,
) {
  if (!user.is_admin && user.agent_id !== q.agent_id) throw forbidden();
  const resolved = await resolveRateChecked(db, q.agent_id, q.supplier_id, q.date ?? todayUtc());
  if ('unknown' in resolved) {
    throw resolved.unknown === 'agent'
      ? fieldError('agent_id', 'The selected agent is invalid.')
      : fieldError('supplier_id', 'The selected supplier is invalid.');
  }
  return toCommissionRateResponse(resolved.rate);
}

type ExplainRow = {
  id: number;
  booking_reference: string;
  booking_date: string;
  booking_amount: string;
  expected_commission: string;
  commission_percentage: string;
  rate_source: string;
  is_sub_agent: boolean;
  split_percentage: string | null;
  primary_agent_id: number;
  parent_agent_id: number | null;
  sub_agent_id: number | null;
  status: string;
  currency_code: string;
  supplier_name: string;
  agent_names: Record<string, string> | null;
};

/**
 * `GET /bookings/{id}/commission-explanation`: why the booking's stored expected commission is what it
 * is — the rate it holds and where it came from, the split, the one rounding — and its stored lines.
 */
export async function explainBookingCommission(db: DbOrTx, bookingId: number, user: SessionUser) {
  const { rows } = await db.execute<ExplainRow>(sql`
    select b.id, b.booking_reference, b.booking_date, b.booking_amount::text, b.expected_commission::text,
           b.commission_percentage::text, b.rate_source, b.is_sub_agent, b.split_percentage::text,
           b.primary_agent_id, b.parent_agent_id, b.sub_agent_id, b.status, c.code as currency_code,
           s.name as supplier_name,
           (select json_object_agg(a.id, u.name) from agents a join users u on u.id = a.user_id
             where a.id in (b.primary_agent_id, b.parent_agent_id, b.sub_agent_id)) as agent_names
      from bookings b join suppliers s on s.id = b.supplier_id join currencies c on c.id = s.currency_id
     where b.id = ${bookingId}`);
  const b = rows[0];
  // Another agent's booking is not found, as the booking read answers (no hint that it exists).
  const mine = user.agent_id;
  if (!b || (!user.is_admin && (mine === null || ![b.primary_agent_id, b.sub_agent_id].includes(mine)))) {
    throw notFound('The booking');
  }
  const names = b.agent_names ?? {};
  const agentName = (id: number) => names[String(id)] ?? `agent #${id}`;
  const r = percentFromDb(b.commission_percentage);
  const source = (RATE_SOURCES as readonly string[]).includes(b.rate_source) ? (b.rate_source as RateSource) : 'none';
  const resolved = { percent: r, source };
  // The booking's stored registration, put back through the one domain function that decides it.
  const rate =
    b.is_sub_agent && b.split_percentage !== null
      ? resolveBookingRate({
          direct: { percent: r, source: 'none' },
          link: {
            parent_agent_id: b.parent_agent_id ?? b.primary_agent_id,
            split_percentage: percentFromDb(b.split_percentage),
            supplier_in_link: true,
            parentRate: resolved,
          },
        })
      : resolveBookingRate({ direct: resolved });
  const explanation = explainExpectedCommission({
    gross: moneyFromDb(b.booking_amount),
    rate,
    subAgentId: b.sub_agent_id,
    agentName,
  });
  // An agent reads their own line only (DOMAIN.md "Report cards"): on a sub-agent booking, the other
  // agent's step of the explanation is left out too.
  const lines = (await findCommissionLines(db, bookingId)).filter((l) => user.is_admin || l.agent_id === mine);
  if (!user.is_admin && explanation.parent && explanation.sub_agent) {
    const hidden = mine === b.sub_agent_id ? explanation.parent : explanation.sub_agent;
    explanation.lines = explanation.lines.filter((text) => !text.startsWith(`${hidden.label}:`));
    if (hidden === explanation.parent) explanation.parent = null;
    else explanation.sub_agent = null;
  }
  const storedExpected = moneyFromDb(b.expected_commission);
  return {
    status: 'success' as const,
    data: {
      booking_id: b.id,
      booking_reference: b.booking_reference,
      booking_date: b.booking_date,
      supplier_name: b.supplier_name,
      currency_code: b.currency_code,
      booking_amount: b.booking_amount,
      stored_expected_commission: b.expected_commission,
      /** False when the stored number no longer follows from the stored rate (it is then recalculated on the next change). */
      is_consistent: moneyFromDb(explanation.expected_commission.rounded) === storedExpected,
      agents: {
        primary: { id: b.primary_agent_id, name: agentName(b.primary_agent_id) },
        parent: b.parent_agent_id === null ? null : { id: b.parent_agent_id, name: agentName(b.parent_agent_id) },
        sub_agent: b.sub_agent_id === null ? null : { id: b.sub_agent_id, name: agentName(b.sub_agent_id) },
      },
      ...explanation,
    },
    lines: lines.map(({ id: _id, ...l }) => ({
      ...l,
      percentage: percentToString(percentFromDb(l.percentage)),
    })),
  };
}
