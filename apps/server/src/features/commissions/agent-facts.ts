import { percentFromDb, type CommissionType, type Percent, type TierPeriod } from '@app/domain';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { agents, subAgentLinks } from '../../db/schema';

// Fact loading: everything rate resolution needs about an agent (DOMAIN.md "Who gets what"), read from
// the database for the pure domain functions to decide on.

export interface AgentFacts {
  agentId: number;
  tierId: number | null;
  commissionType: CommissionType;
  commissionPercentage: Percent | null;
  agentRule: Percent | null;
  history: TierPeriod[];
  tierRules: Map<number, Percent>;
  link: { parentAgentId: number; split: Percent; supplierInLink: boolean } | null;
  supplierExists: boolean;
}

type FactsRow = {
  id: number;
  commission_tier_id: number | null;
  commission_type: string;
  commission_percentage: string | null;
  history: { id: number; tier_id: number; start_date: string; end_date: string | null }[];
  /** supplier id → percentage of the agent's own rule */
  agent_rules: Record<string, string>;
  tier_rules: { tier_id: number; supplier_id: number; percentage: string }[];
  parent_agent_id: number | null;
  split_percentage: string | null;
  link_suppliers: number[];
  supplier_exists: boolean;
};

const agentIdsParam = sql.placeholder('agentIds');
const supplierIdParam = sql.placeholder('supplierId');

/**
 * Everything rate resolution needs about one agent, in one round trip: for the one supplier of the
 * `supplierId` parameter, or for every supplier at once (the booking form's supplier list). Tier
 * rules are read only for the tiers the agent holds or has held.
 */
function agentFactsQuery(db: DbOrTx, suppliers: 'one' | 'all') {
  const ofSupplier = (column: SQL) => (suppliers === 'all' ? sql`true` : sql`${column} = ${supplierIdParam}`);
  return db
    .select({
      id: agents.id,
      commission_tier_id: agents.commission_tier_id,
      commission_type: agents.commission_type,
      commission_percentage: sql<string | null>`${agents.commission_percentage}::text`,
      history: sql<
        FactsRow['history']
      >`(select coalesce(json_agg(json_build_object('id', h.id, 'tier_id', h.commission_tier_id,
            'start_date', h.start_date, 'end_date', h.end_date)), '[]'::json)
          from agent_tier_history h where h.agent_id = ${agents.id})`,
      agent_rules: sql<
        FactsRow['agent_rules']
      >`(select coalesce(json_object_agg(crs.supplier_id, cr.percentage::text), '{}'::json)
          from commission_rule_suppliers crs join commission_rules cr on cr.id = crs.rule_id
         where crs.commission_type = 'agent' and crs.general_id = ${agents.id} and ${ofSupplier(sql`crs.supplier_id`)})`,
      tier_rules: sql<FactsRow['tier_rules']>`(select coalesce(json_agg(json_build_object('tier_id', crs.general_id,
            'supplier_id', crs.supplier_id, 'percentage', cr.percentage::text)), '[]'::json)
          from commission_rule_suppliers crs join commission_rules cr on cr.id = crs.rule_id
         where crs.commission_type = 'tier' and ${ofSupplier(sql`crs.supplier_id`)}
           and crs.general_id in (select h.commission_tier_id from agent_tier_history h where h.agent_id = ${agents.id}
                                  union select ${agents.commission_tier_id}))`,
      parent_agent_id: subAgentLinks.parent_agent_id,
      split_percentage: sql<string | null>`${subAgentLinks.split_percentage}::text`,
      link_suppliers: sql<FactsRow['link_suppliers']>`(select coalesce(json_agg(ls.supplier_id), '[]'::json)
          from sub_agent_link_suppliers ls where ls.link_id = ${subAgentLinks.id} and ${ofSupplier(sql`ls.supplier_id`)})`,
      supplier_exists:
        suppliers === 'all'
          ? sql<boolean>`true`
          : sql<boolean>`exists (select 1 from suppliers s where s.id = ${supplierIdParam})`,
    })
    .from(agents)
    .leftJoin(subAgentLinks, eq(subAgentLinks.sub_agent_id, agents.id));
}

/** The facts of the agent's row for any supplier the row was read for. */
function factsOf(row: FactsRow): (supplierId: number) => AgentFacts {
  const linkSuppliers = new Set(row.link_suppliers);
  const tierRules = new Map<number, Map<number, Percent>>();
  for (const r of row.tier_rules) {
    const bySupplier = tierRules.get(r.supplier_id) ?? new Map<number, Percent>();
    bySupplier.set(r.tier_id, percentFromDb(r.percentage));
    tierRules.set(r.supplier_id, bySupplier);
  }
  return (supplierId) => {
    const agentRule = row.agent_rules[String(supplierId)];
    return {
      agentId: row.id,
      tierId: row.commission_tier_id,
      commissionType: row.commission_type === 'fixed' ? 'fixed' : 'percentage',
      commissionPercentage: row.commission_percentage === null ? null : percentFromDb(row.commission_percentage),
      agentRule: agentRule === undefined ? null : percentFromDb(agentRule),
      history: row.history,
      tierRules: tierRules.get(supplierId) ?? new Map(),
      link:
        row.parent_agent_id === null
          ? null
          : {
              parentAgentId: row.parent_agent_id,
              split: percentFromDb(row.split_percentage ?? '0'),
              supplierInLink: linkSuppliers.has(supplierId),
            },
      supplierExists: row.supplier_exists,
    };
  };
}

/**
 * The facts of several agents and one supplier, in one round trip: what `loadAgentFacts` gives for each
 * (an agent that does not exist is not in the map). A search over many bookings reads its bookers' facts
 * at once instead of one query per agent.
 */
export async function loadAgentsFacts(
  db: DbOrTx,
  agentIds: readonly number[],
  supplierId: number,
): Promise<Map<number, AgentFacts>> {
  const rows = (await agentFactsQuery(db, 'one')
    .where(sql`${agents.id} = any(${agentIdsParam}::int[])`)
    .prepare('commission_rate_facts_many')
    .execute({ agentIds: [...new Set(agentIds)], supplierId })) as FactsRow[];
  return new Map(rows.map((r) => [r.id, factsOf(r)(supplierId)]));
}

/**
 * The facts of one agent and one supplier (`loadAgentsFacts` of one). A named (prepared) statement:
 * PostgreSQL plans it once per connection, which is most of its cost (bench/README.md).
 */
export async function loadAgentFacts(db: DbOrTx, agentId: number, supplierId: number): Promise<AgentFacts | null> {
  return (await loadAgentsFacts(db, [agentId], supplierId)).get(agentId) ?? null;
}

/** The facts of one agent for every supplier at once: the same facts `loadAgentFacts` gives for one. */
export async function loadAgentFactsForAllSuppliers(db: DbOrTx, agentId: number) {
  const rows = (await agentFactsQuery(db, 'all').where(eq(agents.id, agentId))) as FactsRow[];
  return rows[0] ? factsOf(rows[0]) : null;
}

export type FactsLoader = (agentId: number, supplierId: number) => Promise<AgentFacts | null>;

/** A commission rule's place in rate resolution: who owns it and the suppliers it lists. */
export interface RuleOwner {
  commission_type: 'tier' | 'agent';
  general_id: number;
  suppliers: readonly number[];
}

/**
 * The rules as a save would leave them, before it writes: `remove` is the rule being edited or deleted
 * (as stored), `add` the rule as it is being saved. A supplier appears once per owner, so the entry of an
 * (owner, supplier) is exactly that rule's.
 */
export interface RuleOverlay {
  remove: RuleOwner | null;
  add: (RuleOwner & { percentage: Percent }) | null;
}

export function withOverlay(f: AgentFacts, supplierId: number, overlay: RuleOverlay): AgentFacts {
  let agentRule = f.agentRule;
  const tierRules = new Map(f.tierRules);
  const put = (rule: RuleOwner, percent: Percent | null) => {
    if (!rule.suppliers.includes(supplierId)) return;
    if (rule.commission_type === 'agent') {
      if (rule.general_id === f.agentId) agentRule = percent;
    } else if (percent === null) tierRules.delete(rule.general_id);
    else tierRules.set(rule.general_id, percent);
  };
  if (overlay.remove) put(overlay.remove, null);
  if (overlay.add) put(overlay.add, overlay.add.percentage);
  return { ...f, agentRule, tierRules };
}
