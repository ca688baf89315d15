/**
 * The one test world the money features share, composed from the factories (factories.ts); each feature's
 * tests configure it (which suppliers have a booking number format, who is GST-registered, the split,
 * which agent accounts exist) instead of building their own:
 * - Sunwing and Transat (CAD), TUI UK (GBP); tier Gold at 12.5% on Sunwing and TUI;
 * - Ana and Otto (Gold), Pat (the parent, own default 70%), Sam (Pat's sub-agent on Transat at `split`,
 *   40% unless said: Sam earns 28% of gross, Pat 42%);
 * - admins signed in first (one unless said), then the agents in that order;
 * - an account for each supplier in its currency, and the agent accounts asked for.
 */
import { createTestApp, type TestApp } from './test-app';
import {
  createAccount,
  currencyIds,
  insertRule,
  insertSubAgentLink,
  insertSupplier,
  insertTier,
  signedInAgent,
  type AgentClient,
} from './factories';

export const SUPPLIERS = ['sunwing', 'transat', 'tui'] as const;
export type SupplierKey = (typeof SUPPLIERS)[number];
export const AGENTS = ['ana', 'otto', 'pat', 'sam'] as const;
export type AgentKey = (typeof AGENTS)[number];

const SUPPLIER = {
  sunwing: { name: 'Sunwing', currency: 'CAD', account: 'Sunwing CAD' },
  transat: { name: 'Transat', currency: 'CAD', account: 'Transat CAD' },
  tui: { name: 'TUI UK', currency: 'GBP', account: 'TUI GBP' },
} as const satisfies Record<SupplierKey, { name: string; currency: string; account: string }>;
const AGENT = {
  ana: { name: 'Ana Agent', tier: 'Gold' },
  otto: { name: 'Otto Other', tier: 'Gold' },
  pat: { name: 'Pat Parent', commission_percentage: '70' },
  sam: { name: 'Sam Sub' },
} as const satisfies Record<AgentKey, { name: string; tier?: string; commission_percentage?: string }>;

export interface WorldOptions {
  /** The suppliers to create (all three unless said); Gold's rule lists those of Sunwing and TUI created. */
  suppliers?: readonly SupplierKey[];
  /** Booking number formats by supplier (none unless said). */
  formats?: Partial<Record<SupplierKey, string>>;
  /** The admins' names, signed in in this order (one admin with a generated name unless said). */
  admins?: readonly (string | undefined)[];
  /** The GST-registered agents (none unless said). */
  gst?: readonly AgentKey[];
  /** Pat's split with Sam on Transat, percent ('40' unless said). */
  split?: string;
  /** Whether each supplier gets an account (yes unless said). */
  supplierAccounts?: boolean;
  /** Agent accounts, in this order, named `<Agent> <CODE>` ('Ana CAD'). */
  agentAccounts?: readonly (readonly [AgentKey, string])[];
  /** A test app of the caller's (a fresh one unless said). */
  app?: TestApp;
}

/**
 * The world money is paid out of: Ana and Pat GST-registered; agent accounts for Ana (CAD and GBP), Pat
 * and Sam (CAD), none for Otto (his payouts are refused).
 */
export const PAYING: WorldOptions = {
  gst: ['ana', 'pat'],
  agentAccounts: [
    ['ana', 'CAD'],
    ['ana', 'GBP'],
    ['pat', 'CAD'],
    ['sam', 'CAD'],
  ],
};

type Admin = Awaited<ReturnType<TestApp['signedIn']>>;

export interface World {
  t: TestApp;
  q: TestApp['q'];
  cur: Record<string, number>;
  admins: Admin[];
  admin: Admin;
  /** Each agent's signed-in client. */
  as: Record<AgentKey, AgentClient>;
  /** Each agent's id. */
  agent: Record<AgentKey, number>;
  supplier: Record<SupplierKey, number>;
  gold: number;
  /** Gold's rule (12.5% on Sunwing and TUI). */
  goldRule: number;
  /** Each supplier's account (0 when not created). */
  account: Record<SupplierKey, number>;
  /** Agent accounts by `<agent> <CODE>` ('ana CAD'). */
  agentAccount: Record<string, number>;
  /** The currency id of each account the world made (supplier and agent), by account id. */
  accountCurrency: Record<number, number>;
}

const title = (key: string) => key[0]!.toUpperCase() + key.slice(1);

export async function buildWorld(o: WorldOptions = {}): Promise<World> {
  const t = o.app ?? (await createTestApp());
  const q = t.q;
  const cur = await currencyIds(t.db);
  const supplier = { sunwing: 0, transat: 0, tui: 0 };
  for (const key of o.suppliers ?? SUPPLIERS) {
    const s = SUPPLIER[key];
    supplier[key] = await insertSupplier(t.db, {
      name: s.name,
      currency: s.currency,
      booking_number_format: o.formats?.[key] ?? null,
    });
  }
  const gold = await insertTier(t.db, 'Gold');
  const goldRule = await insertRule(
    t.db,
    'tier',
    gold,
    '12.5',
    [supplier.sunwing, supplier.tui].filter((id) => id !== 0),
  );

  const admins: Admin[] = [];
  for (const name of o.admins ?? [undefined]) admins.push(await t.signedIn('admin', name ? { name } : {}));
  const as = {} as Record<AgentKey, AgentClient>;
  for (const key of AGENTS) as[key] = await signedInAgent(t, { ...AGENT[key], gst: o.gst?.includes(key) ?? false });
  const agent = { ana: as.ana.agentId, otto: as.otto.agentId, pat: as.pat.agentId, sam: as.sam.agentId };
  await insertSubAgentLink(t.db, {
    parent: agent.pat,
    sub: agent.sam,
    split: o.split ?? '40',
    suppliers: supplier.transat ? [supplier.transat] : [],
  });

  const admin = admins[0]!;
  const account = { sunwing: 0, transat: 0, tui: 0 };
  const accountCurrency: Record<number, number> = {};
  if (o.supplierAccounts ?? true)
    for (const key of o.suppliers ?? SUPPLIERS) {
      const s = SUPPLIER[key];
      const currency = cur[s.currency]!;
      account[key] = await createAccount(admin, { name: s.account, type: 'supplier', owner: supplier[key], currency });
      accountCurrency[account[key]] = currency;
    }
  const agentAccount: Record<string, number> = {};
  for (const [key, code] of o.agentAccounts ?? []) {
    const currency = cur[code]!;
    const id = await createAccount(admin, {
      name: `${title(key)} ${code}`,
      type: 'agent',
      owner: agent[key],
      currency,
    });
    agentAccount[`${key} ${code}`] = id;
    accountCurrency[id] = currency;
  }
  return { t, q, cur, admins, admin, as, agent, supplier, gold, goldRule, account, agentAccount, accountCurrency };
}
