/**
 * What the report files read (issue 14 "Excel"; DOMAIN.md "Files"): the immutable payout items
 * (`payout_items` joined to `payouts`) of payouts dated in the range: the money paid in the range, as
 * it was paid (custom percentages and GST included), never re-derived from the bookings' current lines.
 * Filters: one payout, the booking's supplier (include or exclude), the payout's currency.
 *
 * Rows are read through a cursor in batches ({@link cursorBatches}), so a report of any size holds one
 * batch in memory; the caller runs every read of one file in one read-only REPEATABLE READ transaction,
 * so the summary, the sheets and their totals all see the same items.
 */
import { moneyFromDb, type AgentPayment, type Cents, type ExcelReportRequest } from '@app/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/** The items of the request: `pi` its payout item, `p` the payout, `b` the booking. */
function itemWhere(r: ExcelReportRequest): SQL {
  const where = [sql`p.payout_date between ${r.start_date} and ${r.end_date}`];
  if (r.payout_id !== undefined) where.push(sql`p.id = ${r.payout_id}`);
  if (r.currency_id !== undefined) where.push(sql`p.currency_id = ${r.currency_id}`);
  if (r.supplier_id !== undefined)
    where.push(
      r.filter_mode === 'exclude' ? sql`b.supplier_id <> ${r.supplier_id}` : sql`b.supplier_id = ${r.supplier_id}`,
    );
  return sql.join(where, sql` and `);
}

const ITEMS = sql`payout_items pi
  join payouts p on p.id = pi.payout_id
  join currencies c on c.id = p.currency_id
  join bookings b on b.id = pi.booking_id
  join agents ag on ag.id = pi.agent_id
  join users u on u.id = ag.user_id`;

/** Reads `query` through a cursor, `size` rows at a time (inside the caller's transaction). */
export async function* cursorBatches<T extends Record<string, unknown>>(
  tx: DbOrTx,
  query: SQL,
  size = 2000,
): AsyncGenerator<T[]> {
  if (!Number.isSafeInteger(size) || size < 1)
    throw new RangeError(`cursorBatches: size must be a positive integer, not ${size}`);
  await tx.execute(sql`declare report_rows no scroll cursor for ${query}`);
  try {
    for (;;) {
      // FETCH takes no bound parameter: `size` is an integer of the code (checked above), never input.
      const { rows } = await tx.execute<T>(sql.raw(`fetch ${size} from report_rows`));
      if (rows.length === 0) return;
      yield rows as T[];
    }
  } finally {
    await tx.execute(sql`close report_rows`);
  }
}

/** The codes of the currencies the request's payouts paid in, by code. */
export async function paidCurrencies(tx: DbOrTx, r: ExcelReportRequest): Promise<string[]> {
  const { rows } = await tx.execute<{ code: string }>(sql`
    select distinct c.code from ${ITEMS} where ${itemWhere(r)} order by c.code`);
  return rows.map((row) => row.code);
}

/* ------------------------------------------------------------------ one row per agent per payout */

interface PaymentRow extends Record<string, unknown> {
  payout_id: number;
  payout_date: string;
  currency: string;
  agent_id: number;
  agent_code: string;
  agent_name: string;
  account_number: string | null;
  commission: string;
  gst: string;
  total: string;
}

/**
 * The money each payout paid each agent, ordered by currency, payout date, payout, agent name: the
 * rows of the Telpay sheet and the entries of the QuickBooks journal. The account number is the agent's
 * account in the payout's currency (the lowest id with a number).
 */
export async function* agentPayments(tx: DbOrTx, r: ExcelReportRequest): AsyncGenerator<AgentPayment[]> {
  const query = sql`
    select p.id as payout_id, p.payout_date::text as payout_date, c.code as currency, pi.agent_id,
           ag.fareconnect_number as agent_code, u.name as agent_name,
           (select a.account_number from accounts a
             where a.accountable_type = 'agent' and a.accountable_id = pi.agent_id and a.currency_id = p.currency_id
               and not a.is_deleted and coalesce(a.account_number, '') <> ''
             order by a.id limit 1) as account_number,
           sum(pi.commission)::text as commission, sum(pi.gst)::text as gst, sum(pi.total)::text as total
      from ${ITEMS}
     where ${itemWhere(r)}
     group by p.id, p.payout_date, c.code, pi.agent_id, ag.fareconnect_number, u.name
     order by c.code, p.payout_date, p.id, u.name, pi.agent_id`;
  for await (const rows of cursorBatches<PaymentRow>(tx, query)) {
    yield rows.map((row) => ({
      payoutId: row.payout_id,
      payoutDate: row.payout_date,
      currency: row.currency,
      agentId: row.agent_id,
      agentCode: row.agent_code,
      agentName: row.agent_name,
      accountNumber: row.account_number,
      commission: moneyFromDb(row.commission),
      gst: moneyFromDb(row.gst),
      total: moneyFromDb(row.total),
    }));
  }
}

/** The longest texts of the payment rows, for column widths chosen before the first row is written. */
export interface PaymentStats {
  code: number;
  name: number;
  account: number;
  /** The largest sum of absolute totals of one currency: no money cell of the file is wider. */
  money: Cents;
}

export async function paymentStats(tx: DbOrTx, r: ExcelReportRequest): Promise<PaymentStats> {
  const { rows } = await tx.execute<{ code: number; name: number; account: number; money: string }>(sql`
    with items as (
      select p.currency_id, pi.agent_id, pi.total, ag.fareconnect_number as code, u.name
        from ${ITEMS}
       where ${itemWhere(r)}
    )
    select coalesce(max(length(code)), 0)::int as code, coalesce(max(length(name)), 0)::int as name,
           (select coalesce(max(length(a.account_number)), 0) from accounts a
             where a.accountable_type = 'agent' and a.accountable_id in (select agent_id from items))::int as account,
           (select coalesce(max(m), 0) from (select sum(abs(total)) as m from items group by currency_id) x)::text as money
      from items`);
  const row = rows[0]!;
  return { code: row.code, name: row.name, account: row.account, money: moneyFromDb(row.money) };
}

/* ------------------------------------------------------------------ every line, per agent */

/** One agent's lines in one currency (a row of the Summary sheet). */
export interface AgentCurrencySummary {
  agentId: number;
  agentName: string;
  agentCode: string;
  currency: string;
  lines: number;
  commission: Cents;
  gst: Cents;
  total: Cents;
  /** Longest booking reference, supplier and payout name of these lines (column widths). */
  longest: { reference: number; supplier: number; payout: number };
  /** Largest gross of one line, as an amount (column widths). */
  maxGross: Cents;
}

/** One row per agent and currency, ordered by currency then agent name (the Summary sheet's order). */
export async function agentSummaries(tx: DbOrTx, r: ExcelReportRequest): Promise<AgentCurrencySummary[]> {
  const { rows } = await tx.execute<{
    agent_id: number;
    agent_name: string;
    agent_code: string;
    currency: string;
    lines: number;
    commission: string;
    gst: string;
    total: string;
    reference: number;
    supplier: number;
    payout: number;
    max_gross: string;
  }>(sql`
    select pi.agent_id, u.name as agent_name, ag.fareconnect_number as agent_code, c.code as currency,
           count(*)::int as lines, sum(pi.commission)::text as commission, sum(pi.gst)::text as gst,
           sum(pi.total)::text as total, max(length(b.booking_reference))::int as reference,
           max(length(s.name))::int as supplier, max(length(p.name))::int as payout,
           max(abs(pi.gross_portion))::text as max_gross
      from ${ITEMS}
      join suppliers s on s.id = b.supplier_id
     where ${itemWhere(r)}
     group by pi.agent_id, u.name, ag.fareconnect_number, c.code
     order by c.code, u.name, pi.agent_id`);
  return rows.map((row) => ({
    agentId: row.agent_id,
    agentName: row.agent_name,
    agentCode: row.agent_code,
    currency: row.currency,
    lines: row.lines,
    commission: moneyFromDb(row.commission),
    gst: moneyFromDb(row.gst),
    total: moneyFromDb(row.total),
    longest: { reference: row.reference, supplier: row.supplier, payout: row.payout },
    maxGross: moneyFromDb(row.max_gross),
  }));
}

/** One payout item as the agent's sheet lists it. */
export interface CommissionLine {
  agentId: number;
  currency: string;
  reference: string;
  bookingDate: string;
  supplier: string;
  gross: Cents;
  /** numeric(7,4) text. */
  percentage: string;
  commission: Cents;
  gst: Cents;
  total: Cents;
  payoutId: number;
  payoutName: string;
  payoutDate: string;
}

interface LineRow extends Record<string, unknown> {
  agent_id: number;
  currency: string;
  reference: string;
  booking_date: string;
  supplier: string;
  gross: string;
  percentage: string;
  commission: string;
  gst: string;
  total: string;
  payout_id: number;
  payout_name: string;
  payout_date: string;
}

/**
 * Every payout item of the request, ordered by agent (name, id), currency, payout date, booking
 * reference: each agent's lines come together, each currency's within them.
 */
export async function* commissionLines(tx: DbOrTx, r: ExcelReportRequest): AsyncGenerator<CommissionLine[]> {
  const query = sql`
    select pi.agent_id, c.code as currency, b.booking_reference as reference, b.booking_date::text as booking_date,
           s.name as supplier, pi.gross_portion::text as gross, pi.percentage::text as percentage,
           pi.commission::text as commission, pi.gst::text as gst, pi.total::text as total,
           p.id as payout_id, p.name as payout_name, p.payout_date::text as payout_date
      from ${ITEMS}
      join suppliers s on s.id = b.supplier_id
     where ${itemWhere(r)}
     order by u.name, pi.agent_id, c.code, p.payout_date, p.id, b.booking_reference, pi.id`;
  for await (const rows of cursorBatches<LineRow>(tx, query)) {
    yield rows.map((row) => ({
      agentId: row.agent_id,
      currency: row.currency,
      reference: row.reference,
      bookingDate: row.booking_date,
      supplier: row.supplier,
      gross: moneyFromDb(row.gross),
      percentage: row.percentage,
      commission: moneyFromDb(row.commission),
      gst: moneyFromDb(row.gst),
      total: moneyFromDb(row.total),
      payoutId: row.payout_id,
      payoutName: row.payout_name,
      payoutDate: row.payout_date,
    }));
  }
}
