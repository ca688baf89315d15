import {
  percentFromDb,
  percentToString,
  type CommissionListItem,
  type CommissionListQuery,
  type CommissionOption,
  type CommissionRule,
  type CommissionRuleType,
  type Paginated,
} from '@app/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../http/errors';
import { lastPage, likePattern, orderBy, pageLimit, paginate, type SortColumns } from '../../shared/sql';

// Commission rules as stored: the list, one rule, and the options of the form.

/** An active agent can own a rule: not marked inactive, status active, and a user that may sign in. */
export const ACTIVE_AGENT = sql`a.inactive = false and a.status = 'active' and u.is_active = true`;

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

export const toRule = (r: RuleRow): CommissionRule => ({ ...toListItem(r), suppliers: r.suppliers.map((s) => s.id) });

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

export async function loadRule(db: DbOrTx, id: number): Promise<RuleRow | null> {
  const { rows } = await db.execute<RuleRow>(sql`${ruleSelect} where r.id = ${id}`);
  return rows[0] ?? null;
}

export async function getCommissionRuleById(db: DbOrTx, id: number): Promise<CommissionRule> {
  const row = await loadRule(db, id);
  if (!row) throw notFound('The commission');
  return toRule(row);
}
