import { userCreateSchema, type UserCreateInput } from '@app/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { agents, commissionTiers, users } from '../../db/schema';
import { fieldError, validationError } from '../../http/errors';
import { parseOr422 } from '../../http/route';
import { writeAudit } from '../../shared/audit';
import { hashPassword } from '../../shared/password';

export async function nextFareconnectNumber(db: DbOrTx): Promise<string> {
  const { rows } = await db.execute<{ n: string }>(sql`select nextval('fareconnect_number_seq')::text as n`);
  return `FC${rows[0]!.n}`;
}

/**
 * Creates a user; an `agent` role also creates the agent profile with a generated FareConnect number
 * (CONTRACT.md §1 `user:create`). One transaction, audited.
 */
export async function createUser(
  db: Db,
  raw: UserCreateInput | Record<string, unknown>,
  actorId: number | null,
): Promise<{ user_id: number; agent_id: number | null }> {
  const input = parseOr422(userCreateSchema, raw);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const clash = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${input.email})`);
    if (clash.length) throw fieldError('email', 'The email has already been taken.');

    let tierId: number | null = null;
    if (input.tier) {
      const tier = await tx
        .select({ id: commissionTiers.id })
        .from(commissionTiers)
        .where(sql`lower(${commissionTiers.name}) = lower(${input.tier})`);
      if (!tier[0]) throw fieldError('tier', `The commission tier "${input.tier}" does not exist.`);
      tierId = tier[0].id;
    }
    if (input.tier && input.role !== 'agent') throw validationError({ tier: ['Only an agent has a commission tier.'] });

    const [user] = await tx
      .insert(users)
      .values({ name: input.name, email: input.email, password_hash: passwordHash, roles: [input.role] })
      .returning({ id: users.id });
    let agentId: number | null = null;
    if (input.role === 'agent') {
      const [agent] = await tx
        .insert(agents)
        .values({ user_id: user!.id, fareconnect_number: await nextFareconnectNumber(tx), commission_tier_id: tierId })
        .returning({ id: agents.id });
      agentId = agent!.id;
    }
    await writeAudit(tx, {
      userId: actorId,
      action: 'create',
      entityType: 'user',
      entityId: user!.id,
      after: {
        name: input.name,
        email: input.email,
        roles: [input.role],
        agent_id: agentId,
        commission_tier_id: tierId,
      },
    });
    return { user_id: user!.id, agent_id: agentId };
  });
}

export async function findUserByEmail(db: Db, email: string) {
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      password_hash: users.password_hash,
      roles: users.roles,
      is_active: users.is_active,
      must_change_password: users.must_change_password,
      agent_id: agents.id,
      agent_inactive: agents.inactive,
    })
    .from(users)
    .leftJoin(agents, eq(agents.user_id, users.id))
    .where(sql`lower(${users.email}) = lower(${email})`);
  return rows[0] ?? null;
}
