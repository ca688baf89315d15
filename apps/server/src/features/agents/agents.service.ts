import {
  moneyFromDb,
  moneyToString,
  percentFromDb,
  percentToString,
  type AgentDetail,
  type agentUpdatedResponse,
  type AgentInput,
  type AgentListItem,
  type AgentListQuery,
  type AgentOption,
  type Paginated,
} from '@app/domain';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { todayUtc } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { agents, users } from '../../db/schema';
import { fieldError, notFound, validationError, type FieldErrors } from '../../http/errors';
import { writeAudit } from '../../shared/audit';
import { hashPassword } from '../../shared/password';
import { likePattern, orderBy, pageLimit, paginate, type SortColumns } from '../../shared/sql';
import { changeAgentTier } from './agent-tiers.service';

const AGENT_ORDER: SortColumns<AgentListQuery['sort']> = {
  name: sql`lower(u.name)`,
  email: sql`lower(u.email)`,
  fareconnect_number: sql`a.fareconnect_number`,
  tier: sql`lower(t.name)`,
  status: sql`a.status`,
  created_at: sql`a.created_at`,
};

/** The admin list (CONTRACT.md §2 Lists): search name, e-mail or FareConnect number; tier, status, GST filters. */
export async function findAgents(db: DbOrTx, q: AgentListQuery): Promise<Paginated<AgentListItem>> {
  const where: SQL[] = [sql`true`];
  if (q.search) {
    const p = likePattern(q.search);
    where.push(sql`(u.name ilike ${p} or u.email ilike ${p} or a.fareconnect_number ilike ${p})`);
  }
  if (q.tier) where.push(sql`a.commission_tier_id = ${q.tier}`);
  if (q.status) where.push(sql`a.status = ${q.status}`);
  if (q.inactive) where.push(sql`a.inactive = ${q.inactive === '1'}`);
  if (q.has_gst) where.push(sql`a.has_gst = ${q.has_gst === '1'}`);
  const whereSql = sql.join(where, sql` and `);
  const { rows: count } = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from agents a join users u on u.id = a.user_id where ${whereSql}`);
  const total = count[0]?.n ?? 0;
  const { rows } = await db.execute<{
    id: number;
    user_id: number;
    name: string;
    email: string;
    fareconnect_number: string;
    phone_number: string | null;
    tier_id: number | null;
    tier_name: string | null;
    status: string;
    inactive: boolean;
    has_gst: boolean;
    created_at: string;
  }>(sql`
    select a.id, a.user_id, u.name, u.email, a.fareconnect_number, a.phone_number, t.id as tier_id, t.name as tier_name,
           a.status, a.inactive, a.has_gst, to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at
      from agents a join users u on u.id = a.user_id left join commission_tiers t on t.id = a.commission_tier_id
     where ${whereSql}
     ${orderBy(AGENT_ORDER, q.sort, q.direction, sql`a.id`, { nulls: 'last' })}
     ${pageLimit(q)}`);
  return paginate(
    rows.map(({ tier_id, tier_name, ...r }) => ({
      ...r,
      commission_tier: tier_id === null ? null : { id: tier_id, name: tier_name ?? '' },
    })),
    total,
    q,
  );
}

/** Agents for selects (`GET /agents-list`). */
export async function findAgentOptions(db: DbOrTx, onlyAgentId?: number): Promise<AgentOption[]> {
  const { rows } = await db.execute<{ id: number; name: string; email: string; fareconnect_number: string }>(sql`
    select a.id, u.name, u.email, a.fareconnect_number from agents a join users u on u.id = a.user_id
     where ${onlyAgentId === undefined ? sql`true` : sql`a.id = ${onlyAgentId}`}
     order by lower(u.name), a.id`);
  return rows.map((r) => ({ ...r, email: r.email || null, user: { name: r.name } }));
}

export async function getAgentById(db: DbOrTx, id: number): Promise<AgentDetail | null> {
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    select a.*, u.name as user_name, u.email as user_email, t.name as tier_name,
           a.commission_percentage::text as commission_percentage, a.commission_fixed::text as commission_fixed,
           to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at_iso
      from agents a join users u on u.id = a.user_id left join commission_tiers t on t.id = a.commission_tier_id
     where a.id = ${id}`);
  const r = rows[0];
  if (!r) return null;
  const s = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  return {
    id: r.id as number,
    user: { id: r.user_id as number, name: s(r.user_name), email: s(r.user_email) },
    full_name: s(r.user_name),
    nickname: s(r.nickname),
    home_address: s(r.home_address),
    phone_number: s(r.phone_number),
    fareconnect_email: s(r.user_email),
    personal_email: s(r.personal_email),
    date_of_birth: s(r.date_of_birth),
    sin_number: s(r.sin_number),
    fareconnect_number: s(r.fareconnect_number),
    country_id: (r.country_id as number | null) ?? null,
    state_id: (r.state_id as number | null) ?? null,
    inactive: Boolean(r.inactive),
    commission_tier_id: (r.commission_tier_id as number | null) ?? null,
    commission_tier:
      r.commission_tier_id === null ? null : { id: r.commission_tier_id as number, name: s(r.tier_name) },
    // 2 decimals, as the form takes them back ('50.00', not numeric(7,4)'s '50.0000').
    commission_percentage:
      r.commission_percentage == null ? null : percentToString(percentFromDb(s(r.commission_percentage))),
    commission_fixed: r.commission_fixed == null ? null : moneyToString(moneyFromDb(s(r.commission_fixed))),
    commission_type: s(r.commission_type),
    status: s(r.status),
    has_gst: Boolean(r.has_gst),
    gst_number: s(r.gst_number),
    joined_on: (r.joined_on as string | null) ?? null,
    created_at: s(r.created_at_iso),
  };
}

/** Checks the references and uniqueness rules of the agent form; all problems at once. */
async function checkAgentRules(tx: DbOrTx, input: AgentInput, existing?: { agentId: number; userId: number }) {
  const errors: FieldErrors = {};
  const add = (k: string, m: string) => (errors[k] ??= []).push(m);
  const { rows } = await tx.execute<{
    tier_ok: boolean;
    country_ok: boolean;
    state_country: number | null;
    email_taken: boolean;
    number_taken: boolean;
  }>(sql`
    select exists (select 1 from commission_tiers where id = ${input.commission_tier_id}) as tier_ok,
           ${input.country_id === null ? sql`true` : sql`exists (select 1 from countries where id = ${input.country_id})`} as country_ok,
           ${input.state_id === null ? sql`null::int` : sql`(select country_id from states where id = ${input.state_id})`} as state_country,
           exists (select 1 from users where lower(email) = lower(${input.fareconnect_email})
                   ${existing ? sql`and id <> ${existing.userId}` : sql``}) as email_taken,
           exists (select 1 from agents where fareconnect_number = ${input.fareconnect_number}
                   ${existing ? sql`and id <> ${existing.agentId}` : sql``}) as number_taken`);
  const r = rows[0]!;
  if (!r.tier_ok) add('commission_tier_id', 'The selected commission tier is invalid.');
  if (!r.country_ok) add('country_id', 'The selected country is invalid.');
  if (input.state_id !== null && (r.state_country === null || r.state_country !== input.country_id)) {
    add('state_id', 'The selected state is invalid.');
  }
  if (r.email_taken) add('fareconnect_email', 'The fareconnect email has already been taken.');
  if (r.number_taken) add('fareconnect_number', 'The fareconnect number has already been taken.');
  if (Object.keys(errors).length) throw validationError(errors);
}

/** The agents-row columns of the form (user columns and tier are handled apart). */
function agentColumns(input: AgentInput) {
  return {
    nickname: input.nickname || null,
    home_address: input.home_address,
    phone_number: input.phone_number,
    personal_email: input.personal_email || null,
    date_of_birth: input.date_of_birth,
    sin_number: input.sin_number,
    country_id: input.country_id,
    state_id: input.state_id,
    inactive: input.inactive,
    commission_percentage: input.commission_percentage === null ? null : percentToString(input.commission_percentage),
    commission_fixed: input.commission_fixed === null ? null : moneyToString(input.commission_fixed),
    commission_type: input.commission_type,
    status: input.status,
    has_gst: input.has_gst,
    // The GST number only means something when GST is on (spec §2.1: shown only then).
    gst_number: input.has_gst && input.gst_number ? input.gst_number : null,
  };
}

const auditView = (detail: AgentDetail | null) => {
  if (!detail) return null;
  const { user: _u, commission_tier: _t, created_at: _c, ...rest } = detail;
  return rest;
};

const isUniqueViolation = (err: unknown) =>
  (err as { code?: string; cause?: { code?: string } })?.code === '23505' ||
  (err as { cause?: { code?: string } })?.cause?.code === '23505';

/** Creates a user with the `agent` role and its agent profile (spec §2.1), audited. */
export async function createAgent(db: Db, input: AgentInput, actorId: number): Promise<AgentDetail> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      await checkAgentRules(tx, input);
      const [user] = await tx
        .insert(users)
        .values({
          name: input.full_name,
          email: input.fareconnect_email,
          password_hash: passwordHash,
          roles: ['agent'],
        })
        .returning({ id: users.id });
      const [agent] = await tx
        .insert(agents)
        .values({
          user_id: user!.id,
          fareconnect_number: input.fareconnect_number,
          commission_tier_id: input.commission_tier_id,
          joined_on: todayUtc(),
          ...agentColumns(input),
        })
        .returning({ id: agents.id });
      const detail = (await getAgentById(tx, agent!.id))!;
      await writeAudit(tx, {
        userId: actorId,
        action: 'create',
        entityType: 'agent',
        entityId: agent!.id,
        after: auditView(detail),
      });
      return detail;
    });
  } catch (err) {
    // Two admins creating the same e-mail or number at once: the database's unique keys decide.
    if (isUniqueViolation(err)) throw uniqueError(err);
    throw err;
  }
}

function uniqueError(err: unknown) {
  const text = JSON.stringify(err);
  return text.includes('fareconnect_number')
    ? fieldError('fareconnect_number', 'The fareconnect number has already been taken.')
    : fieldError('fareconnect_email', 'The fareconnect email has already been taken.');
}

/** What `PUT /agents/{id}` reports besides the agent (the response schema's own fields). */
export interface UpdateAgentResult {
  agent: AgentDetail;
  tier_change: z.output<typeof agentUpdatedResponse>['tier_change'];
  recalculation: z.output<typeof agentUpdatedResponse>['recalculation'];
}

/**
 * Updates an agent (spec §2.1): a blank password keeps the current one. A new commission tier goes
 * through `changeAgentTier` in the same transaction.
 */
export async function updateAgent(
  db: Db,
  agentId: number,
  input: AgentInput,
  actorId: number,
  today = todayUtc(),
): Promise<UpdateAgentResult> {
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.select().from(agents).where(eq(agents.id, agentId)).for('update');
      if (!row) throw notFound('The agent');
      const before = await getAgentById(tx, agentId);
      await checkAgentRules(tx, input, { agentId, userId: row.user_id });
      await tx
        .update(users)
        .set({
          name: input.full_name,
          email: input.fareconnect_email,
          ...(passwordHash ? { password_hash: passwordHash } : {}),
          updated_at: new Date(),
        })
        .where(eq(users.id, row.user_id));
      await tx
        .update(agents)
        .set({
          ...agentColumns(input),
          fareconnect_number: input.fareconnect_number,
          updated_at: new Date(),
        })
        .where(eq(agents.id, agentId));
      if (input.inactive || passwordHash) {
        // An agent made inactive, or whose password an admin reset, is signed out everywhere at once
        // (whoever held the old password may hold a session too).
        await tx.execute(sql`delete from sessions where user_id = ${row.user_id}`);
      }
      let tierChange: UpdateAgentResult['tier_change'] = null;
      let recalculation: UpdateAgentResult['recalculation'] = null;
      if (input.commission_tier_id !== row.commission_tier_id) {
        const result = await changeAgentTier(tx, {
          agent: {
            id: agentId,
            commission_tier_id: row.commission_tier_id,
            joined_on: row.joined_on,
            created_at: row.created_at,
          },
          newTierId: input.commission_tier_id,
          startDate: input.tier_start_date,
          reason: input.tier_change_reason,
          actorId,
          today,
        });
        tierChange = result.tier_change;
        recalculation = result.recalculation;
      }
      const agent = (await getAgentById(tx, agentId))!;
      await writeAudit(tx, {
        userId: actorId,
        action: 'update',
        entityType: 'agent',
        entityId: agentId,
        before: auditView(before),
        after: auditView(agent),
        ...(passwordHash ? { meta: { password_changed: true } } : {}),
      });
      return { agent, tier_change: tierChange, recalculation };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw uniqueError(err);
    throw err;
  }
}
