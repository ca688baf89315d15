import { bookingInputSchema, type SessionUser } from '@app/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import {
  agents,
  commissionRules,
  commissionRuleSuppliers,
  commissionTiers,
  countries,
  currencies,
  states,
  subAgentLinks,
  subAgentLinkSuppliers,
  suppliers,
  users,
} from '../../db/schema';
import { writeAudit } from '../../shared/audit';
import { saveBooking } from '../bookings';
import { refreshMatchStatusesForReferences } from '../transactions';
import { hashPassword } from '../../shared/password';
import { nextFareconnectNumber } from '../users';
import { AGENTS, SUPPLIERS, TIERS } from './demo-data';

export interface DemoLogin {
  role: string;
  email: string;
  password: string;
  name: string;
}

/** The demo dataset (CONTRACT.md §1 `demo:seed`). Refuses a database that already has users. */
export async function seedDemo(db: Db): Promise<DemoLogin[]> {
  const [{ count }] = (await db.select({ count: sql<number>`count(*)::int` }).from(users)) as [{ count: number }];
  if (count > 0) throw new Error('The database is not empty: demo:seed only loads into an empty database.');

  const logins: DemoLogin[] = [
    { role: 'super-admin', email: 'super@example.com', password: 'super-admin-demo', name: 'Sam Rivers' },
    { role: 'admin', email: 'admin@example.com', password: 'admin-demo', name: 'Alex Morgan' },
    ...AGENTS.map((a) => ({ role: 'agent', email: a.email, password: 'agent-demo', name: a.name })),
  ];
  const hashes = new Map<string, string>();
  for (const p of new Set(logins.map((l) => l.password))) hashes.set(p, await hashPassword(p));

  const agentIds = await db.transaction(async (tx) => {
    const { tierRows, tierId, supplierRows, canada, provinceId } = await insertDemoReferenceData(tx);
    await insertDemoAdmins(tx, logins, hashes);
    const agentIds = await insertDemoAgents(tx, hashes, tierId, canada!.id, provinceId);
    await insertDemoSubAgentLink(tx, agentIds, supplierRows);
    await insertDemoRules(tx, tierId, agentIds, supplierRows);
    await writeAudit(tx, {
      userId: null,
      action: 'seed',
      entityType: 'demo',
      after: { users: logins.length, suppliers: supplierRows.length, tiers: tierRows.length },
    });
    return agentIds;
  });
  await seedDemoBookings(db, agentIds);
  await seedDemoMoney(db);
  return logins;
}

/** The tiers and suppliers, and the ids of the currencies, Canada and its provinces they need. */
async function insertDemoReferenceData(tx: DbOrTx) {
  const tierRows = await tx.insert(commissionTiers).values(TIERS).returning();
  const tierId = new Map(tierRows.map((t) => [t.name, t.id]));
  const cur = await tx.select().from(currencies);
  const curId = new Map(cur.map((c) => [c.code, c.id]));
  const supplierRows = await tx
    .insert(suppliers)
    .values(
      SUPPLIERS.map((s) => ({
        name: s.name,
        currency_id: curId.get(s.currency)!,
        booking_number_format: s.booking_number_format,
      })),
    )
    .returning();
  const [canada] = await tx.select().from(countries).where(eq(countries.code, 'CA'));
  const provinces = await tx.select().from(states).where(eq(states.country_id, canada!.id));
  const provinceId = new Map(provinces.map((p) => [p.code, p.id]));

  return { tierRows, tierId, supplierRows, canada, provinceId };
}

/** The super-admin and the admin. */
async function insertDemoAdmins(tx: DbOrTx, logins: DemoLogin[], hashes: Map<string, string>) {
  for (const login of logins.filter((l) => l.role !== 'agent')) {
    await tx.insert(users).values({
      name: login.name,
      email: login.email,
      password_hash: hashes.get(login.password)!,
      roles: [login.role],
    });
  }
}

/** The demo agents with their users; their ids in AGENTS' order. */
async function insertDemoAgents(
  tx: DbOrTx,
  hashes: Map<string, string>,
  tierId: Map<string, number>,
  canadaId: number,
  provinceId: Map<string, number>,
): Promise<number[]> {
  const agentIds: number[] = [];
  for (const a of AGENTS) {
    const [u] = await tx
      .insert(users)
      .values({ name: a.name, email: a.email, password_hash: hashes.get('agent-demo')!, roles: ['agent'] })
      .returning({ id: users.id });
    const [agent] = await tx
      .insert(agents)
      .values({
        user_id: u!.id,
        nickname: a.nickname,
        home_address: a.city,
        phone_number: a.phone,
        date_of_birth: a.dob,
        sin_number: a.sin,
        fareconnect_number: await nextFareconnectNumber(tx),
        country_id: canadaId,
        state_id: provinceId.get(a.province)!,
        commission_tier_id: tierId.get(a.tier)!,
        commission_type: 'percentage',
        commission_percentage: a.commission_percentage,
        has_gst: a.has_gst,
        gst_number: a.gst_number,
        joined_on: '2023-01-09',
      })
      .returning({ id: agents.id });
    agentIds.push(agent!.id);
  }
  return agentIds;
}

async function insertDemoSubAgentLink(tx: DbOrTx, agentIds: number[], supplierRows: { id: number; name: string }[]) {
  // Noah books two CAD suppliers through Olivia and keeps 40% of her agent side.
  const [link] = await tx
    .insert(subAgentLinks)
    .values({ parent_agent_id: agentIds[0]!, sub_agent_id: agentIds[3]!, split_percentage: '40.0000' })
    .returning({ id: subAgentLinks.id });
  await tx
    .insert(subAgentLinkSuppliers)
    .values(
      supplierRows
        .filter((s) => s.name === 'Sunwing Vacations' || s.name === 'Transat Holidays')
        .map((s) => ({ link_id: link!.id, supplier_id: s.id })),
    );
}

async function insertDemoRules(
  tx: DbOrTx,
  tierId: Map<string, number>,
  agentIds: number[],
  supplierRows: { id: number; name: string }[],
) {
  // Tier rules that differ from the agents' own defaults, and one agent rule, so the demo shows
  // which rate wins (DOMAIN.md "Who gets what").
  const supplierId = new Map(supplierRows.map((r) => [r.name, r.id]));
  const rules: { type: 'tier' | 'agent'; owner: number; percentage: string; suppliers: string[] }[] = [
    {
      type: 'tier',
      owner: tierId.get('Gold')!,
      percentage: '75.0000',
      suppliers: ['Air Canada Vacations', 'Sunwing Vacations', 'Transat Holidays'],
    },
    { type: 'tier', owner: tierId.get('Silver')!, percentage: '65.0000', suppliers: ['Air Canada Vacations'] },
    {
      type: 'tier',
      owner: tierId.get('Bronze')!,
      percentage: '55.0000',
      suppliers: ['British Airways Holidays', 'TUI UK'],
    },
    { type: 'agent', owner: agentIds[1]!, percentage: '62.5000', suppliers: ['Jet2holidays'] },
  ];
  for (const r of rules) {
    const [rule] = await tx
      .insert(commissionRules)
      .values({ commission_type: r.type, general_id: r.owner, percentage: r.percentage })
      .returning({ id: commissionRules.id });
    await tx.insert(commissionRuleSuppliers).values(
      r.suppliers.map((name) => ({
        rule_id: rule!.id,
        supplier_id: supplierId.get(name)!,
        commission_type: r.type,
        general_id: r.owner,
      })),
    );
  }
}

/**
 * A few months of bookings, recorded through the booking service as the admin, so every rate,
 * split and line comes from the engine exactly as for bookings made in the app.
 */
async function seedDemoBookings(db: Db, agentIds: number[]) {
  const [admin] = await db.select().from(users).where(eq(users.email, 'admin@example.com'));
  const actor: SessionUser = {
    id: admin!.id,
    name: admin!.name,
    email: admin!.email,
    roles: ['admin'],
    agent_id: null,
    is_admin: true,
    must_change_password: false,
  };
  const suppliersByName = new Map(
    (await db.select({ id: suppliers.id, name: suppliers.name }).from(suppliers)).map((r) => [r.name, r.id]),
  );
  const [olivia, liam, amelia, noah] = agentIds as [number, number, number, number];
  const demo: [
    agent: number,
    supplier: string,
    reference: string,
    customer: string,
    amount: string,
    status: string,
    date: string,
  ][] = [
    [olivia, 'Air Canada Vacations', 'AC-482913', 'Martin, Claire', '1842.50', 'confirmed', '2026-09-14'],
    [olivia, 'Sunwing Vacations', 'SW4471208', 'Roy, Jacques', '1210.00', 'pending', '2026-10-02'],
    [noah, 'Sunwing Vacations', 'SW4471562', 'Gagnon, Élise', '980.40', 'pending', '2026-10-21'],
    [noah, 'Transat Holidays', 'TS7Q2K9L', 'Lavoie, Marc', '1455.00', 'confirmed', '2026-11-03'],
    [noah, 'TUI UK', '40219940', 'Fortin, Julie', '420.00', 'pending', '2026-11-12'],
    [liam, 'Jet2holidays', 'J2-88213', 'Wilson, Emma', '612.35', 'confirmed', '2026-09-30'],
    [liam, 'British Airways Holidays', 'BAXY-4412', 'Brown, Oliver', '2130.00', 'pending', '2026-10-18'],
    [liam, 'Air Canada Vacations', 'AC-519004', 'Leblanc, Sophie', '1999.99', 'confirmed', '2026-11-07'],
    [amelia, 'TUI UK', '40218876', 'Singh, Priya', '845.20', 'confirmed', '2026-10-12'],
    [amelia, 'British Airways Holidays', 'BAQR-1187', 'Chen, Wei', '1390.00', 'cancelled', '2026-09-21'],
    [amelia, 'Jet2holidays', 'J2-90114', 'Taylor, Grace', '333.33', 'pending', '2026-11-15'],
    [olivia, 'Transat Holidays', 'TSRF2026', 'Roy, Jacques', '-150.00', 'confirmed', '2026-11-10'],
    // Paid in full by Sunwing: a booking split between Noah and Olivia to pay out with a custom split.
    [noah, 'Sunwing Vacations', 'SW4472290', 'Côté, Mathieu', '1120.00', 'confirmed', '2026-10-26'],
    // TUI UK paid more than the booking says: to reconcile.
    [amelia, 'TUI UK', '40220417', 'Patel, Ravi', '512.80', 'confirmed', '2026-11-20'],
    // Overdue commissions (issue 24 §4): the supplier owes these past the 60 days after the booking date.
    // Amelia's (her own rate on Air Canada): no tier rule the commission journeys change covers it.
    [amelia, 'Air Canada Vacations', 'AC-377120', 'Dubois, Anne', '1625.00', 'confirmed', '2026-07-08'],
    [olivia, 'Sunwing Vacations', 'SW4460318', 'Bergeron, Luc', '890.00', 'confirmed', '2026-06-19'],
    [amelia, 'British Airways Holidays', 'BAKT-2290', 'Evans, Chloe', '1180.00', 'confirmed', '2026-08-24'],
  ];
  for (const [agent, supplier, reference, customer, amount, status, date] of demo) {
    const input = bookingInputSchema.parse({
      booking_reference: reference,
      supplier_id: suppliersByName.get(supplier),
      booking_date: date,
      customer_name: customer,
      booking_amount: amount,
      status,
      primary_agent_id: agent,
      notes: amount.startsWith('-') ? 'Refund: supplier recalled part of the commission.' : '',
    });
    await saveBooking(db, actor, input, null, null);
  }
}

/**
 * One commission account per supplier and what the suppliers paid in (DOMAIN.md "Matching"): full
 * payments, a partial one, one short of the booking's amount and one above it, the debit that takes
 * back the commission of a refund booking, and three credits no booking matches yet (to claim), and four noisy statement lines for the match suggestions. Then one account per
 * agent and currency their bookings use, which payouts debit (DOMAIN.md "Payouts"): so the matched
 * bookings can be paid out, the refund clawed back, and the two that differ reconciled, at once.
 */
async function seedDemoMoney(db: Db) {
  await db.execute(sql`
    insert into accounts (name, account_number, accountable_type, accountable_id, currency_id)
    select s.name || ' commissions', 'ACC-' || lpad(s.id::text, 4, '0'), 'supplier', s.id, s.currency_id from suppliers s`);
  const payments: [
    reference: string,
    supplier: string,
    type: 'credit' | 'debit',
    amount: string,
    partial: boolean,
    date: string,
  ][] = [
    ['AC-482913', 'Air Canada Vacations', 'credit', '1842.50', false, '2026-10-20'],
    ['TS7Q2K9L', 'Transat Holidays', 'credit', '700.00', true, '2026-11-15'],
    ['J2-88213', 'Jet2holidays', 'credit', '600.00', false, '2026-10-28'],
    ['40218876', 'TUI UK', 'credit', '845.20', false, '2026-11-02'],
    ['SW9911873', 'Sunwing Vacations', 'credit', '318.40', false, '2026-11-18'],
    ['SW4472290', 'Sunwing Vacations', 'credit', '1120.00', false, '2026-11-04'],
    ['40220417', 'TUI UK', 'credit', '540.00', false, '2026-11-23'],
    ['TSRF2026', 'Transat Holidays', 'debit', '150.00', false, '2026-11-16'],
    // Part of an overdue commission: Sunwing still owes 490.00 of SW4460318.
    ['SW4460318', 'Sunwing Vacations', 'credit', '400.00', true, '2026-09-02'],
    // Credits no booking matches (with SW9911873): to find on the dashboard and claim (issue 13).
    ['AC-604417', 'Air Canada Vacations', 'credit', '1265.00', false, '2026-11-09'],
    ['40221958', 'TUI UK', 'credit', '389.75', false, '2026-11-21'],
    // A supplier statement with noisy lines (issue 24 §1): no reference equals a booking's, so each is an
    // unmatched credit with match suggestions. Three are clear ('Accept all' at 90 takes them): a line paying
    // two Sunwing bookings at once, TUI's reference with the surname, BA's short of a bank fee; Jet2's has two
    // digits transposed, for a person to review.
    ['SW 4471208 / SW 4471562', 'Sunwing Vacations', 'credit', '2190.40', false, '2026-11-25'],
    ['TUI 40219940 FORTIN', 'TUI UK', 'credit', '420.00', false, '2026-11-25'],
    ['baxy 4412', 'British Airways Holidays', 'credit', '2125.00', false, '2026-11-25'],
    ['J2-90141', 'Jet2holidays', 'credit', '333.33', false, '2026-11-25'],
  ];
  await db.transaction(async (tx) => {
    const written: { accountId: number; references: string[] }[] = [];
    for (const [reference, supplier, type, amount, partial, date] of payments) {
      const { rows } = await tx.execute<{ account_id: number }>(sql`
        insert into transactions (account_id, transaction_type, currency_id, amount, reference_number, status, description, is_partial, transaction_date)
        select a.id, ${type}, a.currency_id, ${amount}, ${reference}, 'completed', ${`Supplier commission statement ${date}`}, ${partial}, ${date}
          from accounts a join suppliers s on s.id = a.accountable_id and a.accountable_type = 'supplier'
         where s.name = ${supplier}
        returning account_id`);
      for (const r of rows) written.push({ accountId: r.account_id, references: [reference] });
    }
    // The bookings above were stored as no_transaction; these payments change that (list filter).
    await refreshMatchStatusesForReferences(tx, written);
    // Every agent a booking pays (its primary agent and each commission line's agent), in the booking's currency.
    await tx.execute(sql`
      insert into accounts (name, account_number, accountable_type, accountable_id, currency_id)
      select u.name || ' commissions', 'AGT-' || lpad(x.agent_id::text, 4, '0') || '-' || c.code, 'agent',
             x.agent_id, x.currency_id
        from (select b.primary_agent_id as agent_id, s.currency_id
                from bookings b join suppliers s on s.id = b.supplier_id
              union
              select ac.agent_id, s.currency_id
                from actual_commissions ac
                join bookings b on b.id = ac.booking_id
                join suppliers s on s.id = b.supplier_id) x
        join agents a on a.id = x.agent_id
        join users u on u.id = a.user_id
        join currencies c on c.id = x.currency_id
       order by x.agent_id, c.code`);
  });
}

export function formatLogins(logins: DemoLogin[]): string {
  const w = Math.max(...logins.map((l) => l.email.length));
  return logins.map((l) => `  ${l.role.padEnd(12)} ${l.email.padEnd(w)}  ${l.password}   (${l.name})`).join('\n');
}
