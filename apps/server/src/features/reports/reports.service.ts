/**
 * The commission dashboard's reads (bookings-and-commissions §2, §3 "Commission summary", §7; DOMAIN.md
 * "Report cards"; issue 14): the summary, each card's lines, the charts and the payout filter's options.
 * Every amount is summed by PostgreSQL in `numeric` and read back exactly (`moneyFromDb`); nothing is
 * ever added across currencies.
 */
import {
  monthKey,
  monthSeries,
  moneyFromDb,
  moneyToNumber,
  percentJson,
  REPORT_CARDS,
  topWithRest,
  type AvailablePayoutsQuery,
  type Cents,
  type CommissionChartsResponse,
  type CommissionSummaryResponse,
  type ReportCard,
  type ReportCurrencyTotal,
  type ReportFilters,
  type ReportLinesQuery,
  type ReportLinesResponse,
  type SessionUser,
} from '@app/domain';
import { sql, type SQL } from 'drizzle-orm';
import { todayUtc } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { forbidden } from '../../http/errors';
import { agentNames } from '../../shared/agent-names';
import { getGstRate } from '../../shared/settings';
import { idArray, orderBy, pageLimit, paginate, textArray, type SortColumns } from '../../shared/sql';
import { chartTotalsSql, dayTotalsSql, dirtyDaysIn } from './report-day-totals';
import { isWholeRange, reportScope, type ReportScope } from './report-filters';
import { bookingLinesSql, itemLinesSql } from './report-lines';

type BookingCard = Exclude<ReportCard, 'paid'>;

/** The cards this user may see (Cancelled Commissions is the admins'). */
const visibleCards = (s: ReportScope): ReportCard[] => REPORT_CARDS.filter((c) => c !== 'cancelled' || s.isAdmin);

/** The lines of `cards` in the scope, as one SQL set (alias it); `stream` for a page (see bookingLinesSql). */
async function linesOf(db: DbOrTx, s: ReportScope, cards: readonly ReportCard[], stream = false): Promise<SQL> {
  const booking = cards.filter((c): c is BookingCard => c !== 'paid');
  const parts: SQL[] = [];
  if (booking.length > 0) parts.push(bookingLinesSql(s, await getGstRate(db), booking, { stream }));
  if (cards.includes('paid')) parts.push(itemLinesSql(s));
  return sql.join(parts, sql` union all `);
}

type TotalRow = {
  card: ReportCard;
  currency_code: string;
  currency_symbol: string;
  bookings: number;
  lines: number;
  total: string;
  gst_total: string;
};

const currencyTotal = (r: { currency_code: string; currency_symbol: string; total: string; gst_total: string }) => {
  const total = moneyFromDb(r.total);
  const gst = moneyFromDb(r.gst_total);
  return {
    currency_symbol: r.currency_symbol,
    currency_code: r.currency_code,
    total: moneyToNumber(total),
    gst_total: moneyToNumber(gst),
    total_with_gst: moneyToNumber((total + gst) as Cents),
  } satisfies ReportCurrencyTotal;
};

/**
 * Per card and currency: bookings in the card, commission and GST. The lines are grouped per card and
 * currency; for an admin's whole range every card comes from the day totals instead (the same sums,
 * stored per day: report-day-totals.ts; Past's distinct bookings counted from the payout items).
 */
async function cardTotals(db: Db, s: ReportScope, cards: readonly ReportCard[]): Promise<TotalRow[]> {
  const grouped = (lines: SQL) => sql`
    select l.card, l.currency_id, count(distinct l.booking_id)::int as bookings, count(*)::int as lines,
           sum(l.commission) as commission, sum(l.gst) as gst
      from (${lines}) l
     group by l.card, l.currency_id`;
  const parts: SQL[] = [];
  if (isWholeRange(s)) parts.push(dayTotalsSql(await getGstRate(db), s, cards.includes('paid')));
  else parts.push(grouped(await linesOf(db, s, cards)));
  const { rows } = await db.execute<TotalRow>(sql`
    select t.card, cur.code as currency_code, cur.symbol as currency_symbol, sum(t.bookings)::int as bookings,
           sum(t.lines)::int as lines, sum(t.commission)::text as total, sum(t.gst)::text as gst_total
      from (${sql.join(parts, sql` union all `)}) t
      join currencies cur on cur.id = t.currency_id
     where t.card = any(${textArray(cards)})
     group by t.card, cur.code, cur.symbol
     order by t.card, cur.code`);
  return rows;
}

/**
 * `GET /api/reports/commission-summary`: per card, the number of bookings in it and its totals per
 * currency. A non-admin's Cancelled card is 0 and empty (never computed).
 */
export async function commissionSummary(
  db: Db,
  user: SessionUser,
  filters: ReportFilters,
): Promise<CommissionSummaryResponse> {
  const s = reportScope(user, filters, todayUtc());
  const rows = await cardTotals(db, s, visibleCards(s));
  const counts = { pending: 0, confirmed: 0, paid: 0, cancelled: 0 };
  const totals: Record<ReportCard, ReportCurrencyTotal[]> = { pending: [], confirmed: [], paid: [], cancelled: [] };
  for (const r of rows) {
    counts[r.card] += r.bookings;
    totals[r.card].push(currencyTotal(r));
  }
  return { status: 'success', counts, totals };
}

/** The sort keys of a card's lines (`l` the line, `b` booking, `s` supplier, `u` agent's user); then `l.id`. */
const LINE_ORDER: SortColumns<ReportLinesQuery['sort']> = {
  booking_date: [sql`l.booking_date`, sql`l.booking_id`],
  booking_reference: sql`b.booking_reference`,
  customer_name: sql`b.customer_name`,
  supplier: sql`s.name`,
  agent: sql`u.name`,
  percentage: sql`l.percentage`,
  amount: sql`l.commission`,
  total: sql`(l.commission + l.gst)`,
  payout_date: sql`coalesce(l.payout_date, l.booking_date)`,
};

type LineRow = {
  id: number;
  booking_id: number;
  booking_reference: string;
  booking_date: string;
  customer_name: string;
  supplier_id: number;
  supplier_name: string;
  agent_id: number;
  agent_name: string;
  gross_amount: string;
  percentage: string;
  commission: string;
  gst: string;
  currency_code: string;
  currency_symbol: string;
  payout_id: number | null;
  payout_name: string | null;
  payout_date: string | null;
};

/**
 * `GET /api/reports/{card}-bookings`: one page of the card's lines, sorted, and the card's totals per
 * currency over all its lines (not only the page). Cancelled is the admins' (403 otherwise).
 */
export async function cardLines(
  db: Db,
  user: SessionUser,
  card: ReportCard,
  q: ReportLinesQuery,
): Promise<ReportLinesResponse> {
  if (card === 'cancelled' && !user.is_admin) throw forbidden();
  const s = reportScope(user, q, todayUtc());
  const lines = await linesOf(db, s, [card], true);
  const [page, totals] = await Promise.all([
    db.execute<LineRow>(sql`
      select l.id, l.booking_id, b.booking_reference, l.booking_date, b.customer_name, l.supplier_id,
             s.name as supplier_name, l.agent_id, u.name as agent_name, l.gross_amount::text, l.percentage::text,
             l.commission::text, l.gst::text, cur.code as currency_code, cur.symbol as currency_symbol,
             l.payout_id, p.name as payout_name, l.payout_date
        from (${lines}) l
        join bookings b on b.id = l.booking_id
        join suppliers s on s.id = l.supplier_id
        join currencies cur on cur.id = l.currency_id
        join agents ag on ag.id = l.agent_id
        join users u on u.id = ag.user_id
        left join payouts p on p.id = l.payout_id
       ${orderBy(LINE_ORDER, q.sort, q.direction, sql`l.id`)}
       ${pageLimit(q)}`),
    // The card's count and totals: the summary's own (the day totals for an admin's whole range).
    cardTotals(db, s, [card]),
  ]);
  const total = totals.reduce((n, r) => n + r.lines, 0);
  const data = page.rows.map((r) => {
    const commission = moneyFromDb(r.commission);
    const gst = moneyFromDb(r.gst);
    return {
      id: r.id,
      booking_id: r.booking_id,
      booking_reference: r.booking_reference,
      booking_date: r.booking_date,
      customer_name: r.customer_name,
      supplier_id: r.supplier_id,
      supplier_name: r.supplier_name,
      agent_id: r.agent_id,
      agent_name: r.agent_name,
      gross_amount: moneyToNumber(moneyFromDb(r.gross_amount)),
      percentage: percentJson(r.percentage),
      amount: moneyToNumber(commission),
      gst_amount: moneyToNumber(gst),
      total: moneyToNumber((commission + gst) as Cents),
      currency_code: r.currency_code,
      currency_symbol: r.currency_symbol,
      payout_id: r.payout_id,
      payout_name: r.payout_name,
      payout_date: r.payout_date,
    };
  });
  return {
    status: 'success',
    bookings: paginate(data, total, q),
    count: totals.reduce((n, r) => n + r.bookings, 0),
    commission_totals: totals.map(currencyTotal),
  };
}

type ChartRow = {
  kind: 'day' | 'agent' | 'supplier';
  card: ReportCard | null;
  currency_id: number;
  day: string | null;
  ref_id: number | null;
  total: string;
};

/**
 * `GET /api/reports/commission-charts`: per currency, commission (GST excluded) per month and card, and
 * the earned commission (Future + Next Payout + Past) per agent and per supplier, top 10 then 'Others'.
 * PostgreSQL sums per day, agent and supplier (an admin's whole range from the stored chart totals, like
 * the summary's day totals); the months and the top 10 are the domain's.
 */
export async function commissionCharts(
  db: Db,
  user: SessionUser,
  filters: ReportFilters,
): Promise<CommissionChartsResponse> {
  const s = reportScope(user, filters, todayUtc());
  const rows = isWholeRange(s)
    ? await db.transaction(
        async (tx) => {
          // One snapshot for both: the live part only when a day of the range is dirty in it.
          const { rows: dirty } = await tx.execute<{ any: boolean }>(
            sql`select exists (${dirtyDaysIn(s.start_date, s.end_date)}) as any`,
          );
          const gstRate = dirty[0]!.any ? await getGstRate(tx) : null;
          return (await tx.execute<ChartRow>(storedChartSql(s, gstRate))).rows;
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      )
    : (await db.execute<ChartRow>(await liveChartSql(db, s))).rows;
  return chartsResponse(db, rows);
}

/**
 * An admin's whole range from the stored chart totals (report-day-totals.ts): per card and day the
 * supplier rows (each line is in one), per agent and per supplier the earned cards.
 */
function storedChartSql(s: ReportScope, gstRate: string | null): SQL {
  return sql`
    with r as (${chartTotalsSql(s, gstRate)})
    select 'day' as kind, r.card, r.currency_id, r.day::text as day, null::int as ref_id, sum(r.commission)::text as total
      from r where r.kind = 'supplier'
     group by r.card, r.currency_id, r.day
    union all
    select r.kind, null, r.currency_id, null, r.ref_id,
           coalesce(sum(r.commission) filter (where r.card <> 'cancelled'), 0)::text
      from r
     group by r.kind, r.currency_id, r.ref_id`;
}

/** Any other scope: the lines, summed per day, agent and supplier in one pass. */
async function liveChartSql(db: DbOrTx, s: ReportScope): Promise<SQL> {
  return sql`
    select case when grouping(l.card) = 0 then 'day' when grouping(l.agent_id) = 0 then 'agent' else 'supplier' end as kind,
           l.card, l.currency_id, l.day::text as day,
           coalesce(case when grouping(l.agent_id) = 0 then l.agent_id end, case when grouping(l.supplier_id) = 0 then l.supplier_id end) as ref_id,
           case when grouping(l.card) = 0 then sum(l.commission) else coalesce(sum(l.commission) filter (where l.card <> 'cancelled'), 0) end::text as total
      from (select x.*, coalesce(x.payout_date, x.booking_date) as day from (${await linesOf(db, s, visibleCards(s))}) x) l
     group by grouping sets ((l.card, l.currency_id, l.day), (l.currency_id, l.agent_id), (l.currency_id, l.supplier_id))`;
}

/** The response from the chart rows: months in order, top 10 agents and suppliers then 'Others', per currency. */
async function chartsResponse(db: DbOrTx, rows: ChartRow[]): Promise<CommissionChartsResponse> {
  const agentIds = [...new Set(rows.filter((r) => r.kind === 'agent').map((r) => r.ref_id!))];
  const supplierIds = [...new Set(rows.filter((r) => r.kind === 'supplier').map((r) => r.ref_id!))];
  const currencyIds = [...new Set(rows.map((r) => r.currency_id))];
  const [agentName, suppliers, currencies] = await Promise.all([
    agentNames(db, agentIds),
    db.execute<{ id: number; name: string }>(
      sql`select id, name from suppliers where id = any(${idArray(supplierIds)})`,
    ),
    db.execute<{ id: number; code: string; symbol: string }>(
      sql`select id, code, symbol from currencies where id = any(${idArray(currencyIds)}) order by code`,
    ),
  ]);
  const supplierName = new Map(suppliers.rows.map((a) => [a.id, a.name]));

  const data = currencies.rows.map((cur) => {
    const mine = rows.filter((r) => r.currency_id === cur.id);
    const months = new Map<string, Record<ReportCard, Cents>>();
    for (const r of mine.filter((x) => x.kind === 'day')) {
      const key = monthKey(r.day!);
      const m = months.get(key) ?? {
        pending: 0n as Cents,
        confirmed: 0n as Cents,
        paid: 0n as Cents,
        cancelled: 0n as Cents,
      };
      m[r.card!] = (m[r.card!] + moneyFromDb(r.total)) as Cents;
      months.set(key, m);
    }
    const top = (kind: 'agent' | 'supplier', names: Map<number, string>) =>
      topWithRest(
        mine
          .filter((r) => r.kind === kind)
          .map((r) => ({ key: r.ref_id!, name: names.get(r.ref_id!) ?? '', amount: moneyFromDb(r.total) })),
      );
    return {
      currency_code: cur.code,
      currency_symbol: cur.symbol,
      by_month: monthSeries(months.keys()).map((month) => {
        const m = months.get(month);
        const n = (c: ReportCard) => moneyToNumber(m?.[c] ?? (0n as Cents));
        return { month, pending: n('pending'), confirmed: n('confirmed'), paid: n('paid'), cancelled: n('cancelled') };
      }),
      by_agent: top('agent', agentName).map((e) => ({ agent_id: e.key, name: e.name, total: moneyToNumber(e.amount) })),
      by_supplier: top('supplier', supplierName).map((e) => ({
        supplier_id: e.key,
        name: e.name,
        total: moneyToNumber(e.amount),
      })),
    };
  });
  return { status: 'success', data };
}

/** The most payouts the payout filter lists. */
export const AVAILABLE_PAYOUTS_LIMIT = 500;

/**
 * `GET /api/reports/available-payouts`: payouts (dated in the range when one is sent), newest first. An
 * agent gets only the payouts that paid them, each with what it paid them.
 */
export async function availablePayouts(db: DbOrTx, user: SessionUser, q: AvailablePayoutsQuery) {
  const where: SQL[] = [sql`true`];
  if (q.start_date !== undefined) where.push(sql`p.payout_date >= ${q.start_date}`);
  if (q.end_date !== undefined) where.push(sql`p.payout_date <= ${q.end_date}`);
  const cond = sql.join(where, sql` and `);
  const { rows } = user.is_admin
    ? await db.execute<{ id: number; name: string; payout_date: string; currency_code: string; total: string }>(sql`
        select p.id, p.name, p.payout_date, cur.code as currency_code, p.total_amount::text as total
          from payouts p join currencies cur on cur.id = p.currency_id
         where ${cond}
         order by p.payout_date desc, p.id desc
         limit ${AVAILABLE_PAYOUTS_LIMIT}`)
    : await db.execute<{ id: number; name: string; payout_date: string; currency_code: string; total: string }>(sql`
        select p.id, p.name, p.payout_date, cur.code as currency_code, sum(pi.total)::text as total
          from payouts p
          join payout_items pi on pi.payout_id = p.id and pi.agent_id = ${user.agent_id ?? -1}
          join currencies cur on cur.id = p.currency_id
         where ${cond}
         group by p.id, cur.code
         order by p.payout_date desc, p.id desc
         limit ${AVAILABLE_PAYOUTS_LIMIT}`);
  return {
    status: 'success' as const,
    data: rows.map((r) => ({
      id: r.id,
      name: r.name,
      payout_date: r.payout_date,
      currency_code: r.currency_code,
      total_amount: moneyToNumber(moneyFromDb(r.total)),
    })),
  };
}
