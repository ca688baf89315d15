import { moneyJson } from '@app/domain';
import type { BookingGroupInput, Paginated, SessionUser } from '@app/domain';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { bookingGroups } from '../../db/schema';
import { fieldError, notFound } from '../../http/errors';
import { writeAudit, writeAudits } from '../../shared/audit';
import { idArray, likePattern, pageLimit, paginate } from '../../shared/sql';
import { isoTimestamp } from '../../shared/timestamps';
import { myCommission, visibleTo } from '../bookings';

type GroupRow = typeof bookingGroups.$inferSelect;

/** Groups a user may see and change: admins all, agents their own. */
function groupVisibleTo(user: SessionUser): SQL {
  if (user.is_admin) return sql`true`;
  return sql`g.agent_id = ${user.agent_id ?? -1}`;
}

/** `GET /api/booking-groups`: id and name, by name. */
export async function findGroupOptions(db: DbOrTx, user: SessionUser) {
  const { rows } = await db.execute<{ id: number; name: string }>(
    sql`select g.id, g.name from booking_groups g where ${groupVisibleTo(user)} order by lower(g.name), g.id`,
  );
  return rows;
}

type GroupListRow = {
  id: number;
  name: string;
  description: string;
  agent_id: number | null;
  agent_name: string | null;
  bookings_count: number;
  created_at: string;
};

type GroupTotal = {
  currency_code: string;
  currency_symbol: string;
  total: number;
  expected_commission: number;
  my_commission: number;
};

/** Per group and currency, over the bookings the user may see, with the user's own share (`myCommission`). */
async function totalsFor(db: DbOrTx, user: SessionUser, ids: number[]) {
  const out = new Map<number, GroupTotal[]>();
  if (ids.length === 0) return out;
  const { rows } = await db.execute<{
    booking_group_id: number;
    currency_code: string;
    currency_symbol: string;
    total: string;
    expected: string;
    mine: string;
  }>(sql`
    select b.booking_group_id, c.code as currency_code, c.symbol as currency_symbol,
           sum(b.booking_amount)::text as total, sum(b.expected_commission)::text as expected,
           sum((${myCommission(user)})::numeric)::text as mine
      from bookings b join suppliers s on s.id = b.supplier_id join currencies c on c.id = s.currency_id
     where b.booking_group_id = any(${idArray(ids)}) and ${visibleTo(user)}
     group by b.booking_group_id, c.code, c.symbol
     order by c.code`);
  for (const r of rows) {
    const list = out.get(r.booking_group_id) ?? [];
    list.push({
      currency_code: r.currency_code,
      currency_symbol: r.currency_symbol,
      total: moneyJson(r.total),
      expected_commission: moneyJson(r.expected),
      my_commission: moneyJson(r.mine),
    });
    out.set(r.booking_group_id, list);
  }
  return out;
}

/** The groups' columns; the booking count, like the totals, counts the bookings the user may see. */
const groupSelect = (user: SessionUser) => sql`
  select g.id, g.name, g.description, g.agent_id, u.name as agent_name, ${isoTimestamp('g.created_at')} as created_at,
         (select count(*)::int from bookings b where b.booking_group_id = g.id and ${visibleTo(user)}) as bookings_count
    from booking_groups g
    left join agents a on a.id = g.agent_id
    left join users u on u.id = a.user_id`;

/** `GET /booking-groups`: the groups with their booking counts and per-currency totals. */
export async function findGroups(
  db: DbOrTx,
  user: SessionUser,
  q: { page: number; per_page: number; search?: string | undefined },
): Promise<Paginated<GroupListRow & { totals: GroupTotal[] }>> {
  const where: SQL[] = [groupVisibleTo(user)];
  if (q.search) {
    const like = likePattern(q.search);
    where.push(sql`(g.name ilike ${like} or g.description ilike ${like})`);
  }
  const whereSql = sql.join(where, sql` and `);
  const [{ rows }, { rows: countRows }] = await Promise.all([
    db.execute<GroupListRow>(
      sql`${groupSelect(user)} where ${whereSql} order by g.created_at desc, g.id desc ${pageLimit(q)}`,
    ),
    db.execute<{ total: number }>(sql`select count(*)::int as total from booking_groups g where ${whereSql}`),
  ]);
  const totals = await totalsFor(
    db,
    user,
    rows.map((r) => r.id),
  );
  return paginate(
    rows.map((r) => ({ ...r, totals: totals.get(r.id) ?? [] })),
    countRows[0]?.total ?? 0,
    q,
  );
}

type AvailableRow = {
  id: number;
  booking_reference: string;
  customer_name: string;
  booking_amount: string;
  currency_code: string;
  currency_symbol: string;
  agent_name: string;
  agent_id: number;
};

const toAvailable = (r: AvailableRow) => ({
  id: r.id,
  booking_reference: r.booking_reference,
  customer_name: r.customer_name,
  booking_amount: moneyJson(r.booking_amount),
  currency: { code: r.currency_code, symbol: r.currency_symbol },
  agent_name: r.agent_name,
  agent_id: r.agent_id,
});

const availableSelect = sql`
  select b.id, b.booking_reference, b.customer_name, b.booking_amount::text, c.code as currency_code,
         c.symbol as currency_symbol, u.name as agent_name, b.primary_agent_id as agent_id
    from bookings b
    join suppliers s on s.id = b.supplier_id
    join currencies c on c.id = s.currency_id
    join agents a on a.id = b.primary_agent_id
    join users u on u.id = a.user_id`;

/**
 * `GET /bookings-available-for-group`: the user's bookings that are in no group (or in `groupId`, when
 * editing that group). Admins may narrow to one agent (primary or sub-agent).
 */
export async function findAvailableBookings(
  db: DbOrTx,
  user: SessionUser,
  q: { agent_id: number | null; group_id: number | null },
) {
  const where: SQL[] = [visibleTo(user)];
  where.push(
    q.group_id
      ? sql`(b.booking_group_id is null or b.booking_group_id = ${q.group_id})`
      : sql`b.booking_group_id is null`,
  );
  if (q.agent_id && user.is_admin)
    where.push(sql`(b.primary_agent_id = ${q.agent_id} or b.sub_agent_id = ${q.agent_id})`);
  const { rows } = await db.execute<AvailableRow>(
    sql`${availableSelect} where ${sql.join(where, sql` and `)} order by b.booking_date desc, b.id desc limit 500`,
  );
  return rows.map(toAvailable);
}

/** One group with its bookings (`GET /booking-groups/{id}`); null when the user may not see it. */
export async function getGroup(db: DbOrTx, user: SessionUser, id: number) {
  const { rows } = await db.execute<GroupListRow>(
    sql`${groupSelect(user)} where g.id = ${id} and ${groupVisibleTo(user)}`,
  );
  const g = rows[0];
  if (!g) return null;
  const { rows: members } = await db.execute<AvailableRow>(
    sql`${availableSelect} where b.booking_group_id = ${id} and ${visibleTo(user)} order by b.booking_date desc, b.id desc`,
  );
  const totals = await totalsFor(db, user, [id]);
  return {
    ...g,
    totals: totals.get(id) ?? [],
    selectedBookings: members.map((m) => m.id),
    bookings: members.map(toAvailable),
  };
}

/**
 * Creates or updates a group and moves the selected bookings into it (booking_group_id and
 * is_group_booking); bookings no longer selected leave it. Bookings must be visible to the user and in
 * no other group. One transaction, audited.
 */
export async function saveGroup(
  db: Db,
  user: SessionUser,
  input: BookingGroupInput,
  existingId: number | null,
): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const existing = await lockGroupForSave(tx, user, existingId);
    const selected = [...new Set(input.selectedBookings)];
    const chosen = await lockChosenBookings(tx, user, selected, existingId);
    const values = { name: input.name, description: input.description };
    const id = await writeGroupRow(tx, user, existing, values, chosen);
    const { beforeIds, removed, added } = await moveBookings(tx, id, selected);
    await writeAudit(tx, {
      userId: user.id,
      action: existing ? 'update' : 'create',
      entityType: 'booking_group',
      entityId: id,
      before: existing ? { name: existing.name, description: existing.description, bookings: beforeIds } : undefined,
      after: { ...values, bookings: [...selected].sort((a, b) => a - b) },
      meta: { added, removed },
    });
    await auditMovedBookings(tx, user, id, removed, added, chosen);
    return { id };
  });
}

type ChosenBooking = { id: number; booking_group_id: number | null; primary_agent_id: number };

/** The group being edited, locked (null for a new one); another agent's group does not exist for this user. */
async function lockGroupForSave(tx: DbOrTx, user: SessionUser, existingId: number | null): Promise<GroupRow | null> {
  if (existingId === null) return null;
  const [row] = await tx.select().from(bookingGroups).where(eq(bookingGroups.id, existingId)).for('update');
  if (!row || (!user.is_admin && row.agent_id !== user.agent_id)) throw notFound('The booking group');
  return row;
}

/** The selected bookings, locked: each visible to the user and in no other group. */
async function lockChosenBookings(
  tx: DbOrTx,
  user: SessionUser,
  selected: number[],
  existingId: number | null,
): Promise<ChosenBooking[]> {
  if (!selected.length) return [];
  const chosen = (
    await tx.execute<ChosenBooking>(sql`
      select b.id, b.booking_group_id, b.primary_agent_id from bookings b
       where b.id = any(${idArray(selected)}) and ${visibleTo(user)}
       for update`)
  ).rows;
  if (chosen.length !== selected.length) {
    throw fieldError('selectedBookings', 'One of the selected bookings is invalid.');
  }
  if (chosen.some((b) => b.booking_group_id !== null && b.booking_group_id !== existingId)) {
    throw fieldError('selectedBookings', 'One of the selected bookings is already in another group.');
  }
  return chosen;
}

/** Updates the group row or inserts it; its id. */
async function writeGroupRow(
  tx: DbOrTx,
  user: SessionUser,
  existing: GroupRow | null,
  values: { name: string; description: BookingGroupInput['description'] },
  chosen: ChosenBooking[],
): Promise<number> {
  if (existing) {
    await tx
      .update(bookingGroups)
      .set({ ...values, updated_at: new Date() })
      .where(eq(bookingGroups.id, existing.id));
    return existing.id;
  }
  // An agent's group is theirs; an admin's belongs to the agent of its bookings when there is one.
  const agents = new Set(chosen.map((b) => b.primary_agent_id));
  const agentId = user.is_admin ? (agents.size === 1 ? [...agents][0]! : null) : user.agent_id;
  const [row] = await tx
    .insert(bookingGroups)
    .values({ ...values, agent_id: agentId, created_by_user_id: user.id })
    .returning({ id: bookingGroups.id });
  return row!.id;
}

/** Bookings no longer selected leave the group, the newly selected join it; who was in it before. */
async function moveBookings(tx: DbOrTx, id: number, selected: number[]) {
  const { rows: before } = await tx.execute<{ id: number }>(
    sql`select id from bookings where booking_group_id = ${id} order by id`,
  );
  const beforeIds = before.map((r) => r.id);
  const removed = beforeIds.filter((b) => !selected.includes(b));
  const added = selected.filter((b) => !beforeIds.includes(b));
  if (removed.length) {
    await tx.execute(
      sql`update bookings set booking_group_id = null, is_group_booking = false, updated_at = now()
           where id = any(${idArray(removed)})`,
    );
  }
  if (added.length) {
    await tx.execute(
      sql`update bookings set booking_group_id = ${id}, is_group_booking = true, updated_at = now()
           where id = any(${idArray(added)})`,
    );
  }
  return { beforeIds, removed, added };
}

/** One audit row per booking that moved, written together. */
async function auditMovedBookings(
  tx: DbOrTx,
  user: SessionUser,
  id: number,
  removed: number[],
  added: number[],
  chosen: ChosenBooking[],
): Promise<void> {
  await writeAudits(tx, [
    ...removed.map((bookingId) => ({
      userId: user.id,
      action: 'update',
      entityType: 'booking',
      entityId: bookingId,
      before: { booking_group_id: id, is_group_booking: true },
      after: { booking_group_id: null, is_group_booking: false },
    })),
    ...added.map((bookingId) => ({
      userId: user.id,
      action: 'update',
      entityType: 'booking',
      entityId: bookingId,
      before: { booking_group_id: chosen.find((b) => b.id === bookingId)?.booking_group_id ?? null },
      after: { booking_group_id: id, is_group_booking: true },
    })),
  ]);
}
