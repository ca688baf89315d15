import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  agents,
  commissionTiers,
  countries,
  currencies,
  states,
  subAgentLinks,
  subAgentLinkSuppliers,
  suppliers,
  users,
} from '../../db/schema';
import { writeAudit } from '../audit/audit';
import { hashPassword } from '../auth/password';
import { nextFareconnectNumber } from '../users/users.service';

export interface DemoLogin {
  role: string;
  email: string;
  password: string;
  name: string;
}

const TIERS = [
  { name: 'Bronze', description: 'New agents, first year.' },
  { name: 'Silver', description: 'Established agents.' },
  { name: 'Gold', description: 'Top producers.' },
];

const SUPPLIERS = [
  { name: 'Air Canada Vacations', currency: 'CAD', booking_number_format: 'AC-000000' },
  { name: 'Sunwing Vacations', currency: 'CAD', booking_number_format: 'SW0000000' },
  { name: 'Transat Holidays', currency: 'CAD', booking_number_format: 'TSXXXXXX' },
  { name: 'British Airways Holidays', currency: 'GBP', booking_number_format: 'BAAA-0000' },
  { name: 'TUI UK', currency: 'GBP', booking_number_format: '00000000' },
  { name: 'Jet2holidays', currency: 'GBP', booking_number_format: null },
] as const;

type AgentSeed = {
  name: string;
  email: string;
  nickname: string;
  tier: string;
  province: string;
  city: string;
  has_gst: boolean;
  gst_number: string | null;
  commission_percentage: string;
  dob: string;
  sin: string;
  phone: string;
};

const AGENTS: AgentSeed[] = [
  {
    name: 'Olivia Tremblay',
    email: 'olivia.tremblay@example.com',
    nickname: 'Liv',
    tier: 'Gold',
    province: 'QC',
    city: '1200 Rue Sherbrooke O, Montréal QC H3A 1H6',
    has_gst: true,
    gst_number: '123456789RT0001',
    commission_percentage: '70.00',
    dob: '1984-03-12',
    sin: '046454286',
    phone: '+1 514 555 0142',
  },
  {
    name: 'Liam Chen',
    email: 'liam.chen@example.com',
    nickname: 'Liam',
    tier: 'Silver',
    province: 'BC',
    city: '880 Hornby St, Vancouver BC V6Z 1T9',
    has_gst: false,
    gst_number: null,
    commission_percentage: '60.00',
    dob: '1990-07-28',
    sin: '130692544',
    phone: '+1 604 555 0199',
  },
  {
    name: 'Amelia Singh',
    email: 'amelia.singh@example.com',
    nickname: 'Amy',
    tier: 'Bronze',
    province: 'ON',
    city: '55 King St W, Toronto ON M5K 1A2',
    has_gst: false,
    gst_number: null,
    commission_percentage: '50.00',
    dob: '1995-11-02',
    sin: '193456787',
    phone: '+1 416 555 0111',
  },
  {
    name: 'Noah Gagnon',
    email: 'noah.gagnon@example.com',
    nickname: 'Noah',
    tier: 'Bronze',
    province: 'QC',
    city: '400 Boul. Laurier, Québec QC G1V 2L8',
    has_gst: false,
    gst_number: null,
    commission_percentage: '50.00',
    dob: '1998-05-19',
    sin: '287654324',
    phone: '+1 418 555 0175',
  },
];

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

  await db.transaction(async (tx) => {
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

    for (const login of logins.filter((l) => l.role !== 'agent')) {
      await tx.insert(users).values({
        name: login.name,
        email: login.email,
        password_hash: hashes.get(login.password)!,
        roles: [login.role],
      });
    }
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
          country_id: canada!.id,
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
    await writeAudit(tx, {
      userId: null,
      action: 'seed',
      entityType: 'demo',
      after: { users: logins.length, suppliers: supplierRows.length, tiers: tierRows.length },
    });
  });
  return logins;
}

export function formatLogins(logins: DemoLogin[]): string {
  const w = Math.max(...logins.map((l) => l.email.length));
  return logins.map((l) => `  ${l.role.padEnd(12)} ${l.email.padEnd(w)}  ${l.password}   (${l.name})`).join('\n');
}
