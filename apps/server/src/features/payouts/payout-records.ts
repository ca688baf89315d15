import { moneyJson, percentJson } from '@app/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { pageLimit, paginate } from '../../shared/sql';

// The payout records: the list and one record with its items.

type RecordRow = {
  id: number;
  name: string;
  total_amount: string;
  payout_date: string;
  currency_code: string;
  currency_symbol: string;
  kind: 'single' | 'bulk';
  booking_count: number;
  item_count: number;
  created_by: string | null;
  created_at: Date;
};

const RECORD_COLUMNS = sql`p.id, p.name, p.total_amount::text, p.payout_date, c.code as currency_code,
  c.symbol as currency_symbol, p.kind, u.name as created_by, p.created_at,
  (select count(distinct i.booking_id)::int from payout_items i where i.payout_id = p.id) as booking_count,
  (select count(*)::int from payout_items i where i.payout_id = p.id) as item_count`;
const RECORD_JOINS = sql`join currencies c on c.id = p.currency_id left join users u on u.id = p.created_by_user_id`;

const recordOut = (r: RecordRow) => ({
  id: r.id,
  name: r.name,
  total_amount: moneyJson(r.total_amount),
  payout_date: r.payout_date,
  currency_code: r.currency_code,
  currency_symbol: r.currency_symbol,
  kind: r.kind,
  booking_count: r.booking_count,
  item_count: r.item_count,
  created_by: r.created_by,
  created_at: new Date(r.created_at).toISOString(),
});

/** `GET /api/payouts`: the payout records, newest first: by payout date (a bulk payout may be back-dated), then id. */
export async function listPayouts(db: Db, query: { page: number; per_page: number }) {
  const { rows: counted } = await db.execute<{ n: number }>(sql`select count(*)::int as n from payouts`);
  const { rows } = await db.execute<RecordRow>(sql`
    select ${RECORD_COLUMNS} from payouts p ${RECORD_JOINS}
     order by p.payout_date desc, p.id desc ${pageLimit(query)}`);
  const { data, ...page } = paginate(rows.map(recordOut), counted[0]!.n, query);
  return { status: 'success' as const, payouts: data, ...page };
}

/** `GET /api/payouts/{id}`: one record with its items. */
export async function getPayout(db: Db, id: number) {
  const { rows } = await db.execute<RecordRow>(
    sql`select ${RECORD_COLUMNS} from payouts p ${RECORD_JOINS} where p.id = ${id}`,
  );
  if (!rows[0]) throw notFound('The payout');
  const { rows: items } = await db.execute<{
    id: number;
    booking_id: number;
    booking_reference: string;
    booking_date: string;
    supplier_name: string;
    agent_id: number;
    agent_name: string;
    gross_portion: string;
    percentage: string;
    commission: string;
    gst: string;
    total: string;
  }>(sql`
    select i.id, i.booking_id, b.booking_reference, b.booking_date, s.name as supplier_name, i.agent_id,
           u.name as agent_name, i.gross_portion::text, i.percentage::text, i.commission::text, i.gst::text,
           i.total::text
      from payout_items i
      join bookings b on b.id = i.booking_id
      join suppliers s on s.id = b.supplier_id
      join agents a on a.id = i.agent_id
      join users u on u.id = a.user_id
     where i.payout_id = ${id}
     order by u.name, b.booking_reference, i.id`);
  return {
    status: 'success' as const,
    payout: recordOut(rows[0]),
    items: items.map((i) => ({
      id: i.id,
      booking_id: i.booking_id,
      booking_reference: i.booking_reference,
      booking_date: i.booking_date,
      supplier_name: i.supplier_name,
      agent_id: i.agent_id,
      agent_name: i.agent_name,
      gross_portion: moneyJson(i.gross_portion),
      percentage: percentJson(i.percentage),
      commission: moneyJson(i.commission),
      gst: moneyJson(i.gst),
      total: moneyJson(i.total),
    })),
  };
}
