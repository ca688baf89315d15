/**
 * Step 2 of the bench seed: the plan, one row per booking (unlogged `bench_plan`), from which every later
 * step writes its rows: who booked what from whom and when, for how much, what the supplier paid and
 * how (the credit kind), and which payouts paid it. Every column is its own draw of the mixing hash, so
 * supplier, agent, date, amount and status are independent; a group's members share the draws of their
 * group (same agent, supplier and date, one family name).
 */
import {
  anchor,
  DAYS_AHEAD,
  DAYS_BACK,
  inBatches,
  normal,
  pick,
  run,
  unit,
  WIDTH,
  type SeedContext,
} from './bench-seed-sql';

/**
 * Credit kinds (what the supplier paid for a booking): 0 nothing (yet), 1 the whole gross, 2 the whole
 * gross under a reference typed with harmless noise (lower case, spaces around: it still matches),
 * 3 half of it marked partial, 4 a dollar short, 5 paid twice, 6 paid under a mistyped reference (it
 * matches no booking), 7 a credit reversed then paid again, 8 paid then taken back by a debit, 9 a
 * refund's debit.
 */
const creditKind = (c: SeedContext) => `case
    when b.c_date > ${anchor(c)} then 0
    when b.gross < 0 then case when ${unit(c, 'b.i', 16)} < 0.6 then 9 else 0 end
    when b.status0 = 'cancelled' and ${unit(c, 'b.i', 16)} < 0.7 then 0
    else (array[1, 2, 3, 4, 5, 6, 7, 8, 0])[1 + (select count(*) from unnest(array[800, 830, 890, 915, 940, 975, 982, 987]) t
                                                     where t <= ${pick(c, 'b.i', 11, 1000)})::int]
  end`;

/** The first bulk payout run (the 1st or the 15th of a month) on or after the date `d`. */
const runOnOrAfter = (d: string) => `(case when extract(day from ${d}) = 1 then ${d}
    when extract(day from ${d}) <= 15 then date_trunc('month', ${d})::date + 14
    else (date_trunc('month', ${d}) + interval '1 month')::date end)`;

/** A line's entitlement once `a1` of the gross is settled (the domain's `entitlement`, exact to the cent). */
const entitlement = (amount: string) => `(case when p.a1 is null then 0 when p.a1 = p.gross then ${amount}
    else sign(${amount}) * sign(p.gross) * div(2 * abs(${amount} * 100 * p.a1 * 100) + abs(p.gross * 100), 2 * abs(p.gross * 100)) * 0.01 end)`;

const SURNAME_PARTS = [
  `array['tre','bla','mar','ro','ga','gnon','le','wil','bro','sin','chen','gar','tay','lor','fon','du','bois','la','pel','vin']`,
  `array['mb','r','n','ss','l','t','d','v','s','c','nd','rr','k','g','p','m','st','ch','rd','x']`,
  `array['ay','on','ier','eau','is','in','ard','ot','ette','er','and','ain','el','ie','um','ez','ski','son','ley','ault']`,
];
const FIRST_NAMES = `array['Olivia','Liam','Emma','Noah','Amelia','Lucas','Mia','Leo','Zoe','Ethan','Chloe','Nathan','Alice','Felix',
  'Rose','Hugo','Lea','Jacob','Maya','Owen','Clara','Sami','Ines','Adam','Lily','Eli','Nora','Theo','Ava','Jules','Ella','Omar',
  'Sofia','Raphael','Ivy','Louis','Anna','Samuel','Laura','Victor']`;

/** A customer: a family name from about 8,000 (shared by a group's members) and one of 40 first names. */
const customer = (c: SeedContext) =>
  `initcap(${SURNAME_PARTS.map((parts, k) => `(${parts})[1 + ${pick(c, 'g.gi', 30 + k, 20)}]`).join(' || ')})
     || ', ' || (${FIRST_NAMES})[1 + ${pick(c, 'g.i', 33, 40)}]`;

/** The draws: a group's members (one block of four in 30, two to four of it) take their group's. */
const DRAWS = (c: SeedContext, from: number, to: number) => `
  select g.i, g.grp, g.gi,
         sa.a as an, ss.s as sn,
         -- Four years and a month, more recent years busier (density rising linearly to twice), with a mild season.
         floor((-1 + sqrt(1 + 3 * ${unit(c, 'g.gi', 3)})) * ${DAYS_BACK + DAYS_AHEAD})::int as off,
         least(250000, greatest(5, round(exp(6.8 + 0.95 * ${normal(c, 'g.i', 4)})::numeric, 2))) as amount,
         ${unit(c, 'g.i', 6)} < 0.02 as refund,
         ${unit(c, 'g.i', 7)} as u7,
         ${customer(c)} as customer
    from (select i, grp, case when grp is null then i else -1 - grp end as gi
            from (select i, case when ${unit(c, '(i - 1) / 4', 20)} < 0.035
                                  and (i - 1) % 4 < 2 + ${pick(c, '(i - 1) / 4', 21, 3)} then (i - 1) / 4 end as grp
                    from generate_series(${from}, ${to}) i offset 0) b offset 0) g
    join bench_slots sa on sa.j = ${pick(c, 'g.gi', 1, 65536)}
    join bench_slots ss on ss.j = ${pick(c, 'g.gi', 2, 65536)}
  offset 0`;

/** The booking: its parties, date, gross, first status and rate (the parent's, for a sub-agent's booking). */
const BOOKING = (c: SeedContext, from: number, to: number) => `
  select d.*, s.id as supplier_id, s.currency_id, s.account_id, s.fmt, s.prefix,
         a.id as booker_id, pa.id as primary_id, pa.has_gst as gst0, a.has_gst as gst1, l.split,
         case when l.sub_n is not null then a.id end as sub_id,
         r.r, r.source,
         case when d.refund then -greatest(1.00, round(d.amount / 3, 2)) else d.amount end as gross,
         case when d.booking_date > ${anchor(c)}
              then case when d.u7 < 0.03 then 'cancelled' when d.u7 < 0.5 then 'pending' else 'confirmed' end
              when d.u7 < 0.06 then 'cancelled'
              when d.u7 < 0.12 or (d.booking_date > ${anchor(c)} - 45 and d.u7 < 0.4) then 'pending'
              else 'confirmed' end as status0,
         d.booking_date + 20 + ${pick(c, 'd.i', 12, 100)}::int as c_date
    from (select w.*, ${anchor(c)} - ${DAYS_BACK} + least(${DAYS_BACK + DAYS_AHEAD - 1}, greatest(0,
                 w.off + round(12 * sin(2 * pi() * w.off / 365.25))::int)) as booking_date
            from (${DRAWS(c, from, to)}) w offset 0) d
    join bench_suppliers s on s.n = d.sn
    join bench_agents a on a.n = d.an
    left join bench_links l on l.sub_n = d.an
    join bench_rates r on r.an = coalesce(l.parent_n, d.an) and r.sn = d.sn
    join bench_agents pa on pa.n = r.an
  offset 0`;

/**
 * The payouts: a booking confirmed and received in whole is paid at the next bulk run (the 1st or 15th)
 * three days after the money came: in one payout (78%), or 40% then the rest a month later (10%), or,
 * when the anchor is today and the money came in the last 30 days, by a single payout today (3%); the
 * rest waits (Next Payout). Half received: that half is paid (70%). Runs after the anchor have not happened.
 */
const PAYOUTS = (c: SeedContext, from: number, to: number) => `
  select k.*, case when k.d1x <= ${anchor(c)} then k.a1x end as a1, case when k.d1x <= ${anchor(c)} and k.a1x is not null then k.d1x end as d1,
         case when k.d1x <= ${anchor(c)} and k.d2x <= ${anchor(c)} then k.a2x end as a2,
         case when k.d1x <= ${anchor(c)} and k.d2x <= ${anchor(c)} and k.a2x is not null then k.d2x end as d2
    from (select q.*,
                 case when q.payable and q.ck = 3 and q.pk < 70 then round(q.gross / 2, 2)
                      when q.payable and q.ck <> 3 and (q.pk < 78 or q.single) then q.gross
                      when q.payable and q.ck <> 3 and q.pk < 88 then round(q.gross * 0.4, 2) end as a1x,
                 case when q.single then ${anchor(c)} else ${runOnOrAfter('q.c_date + 3')} end as d1x,
                 case when q.single then 'single' else 'bulk' end as k1,
                 case when q.payable and q.ck <> 3 and q.pk >= 78 and q.pk < 88 and not q.single
                      then q.gross - round(q.gross * 0.4, 2) end as a2x,
                 ${runOnOrAfter(`${runOnOrAfter('q.c_date + 3')} + 30`)} as d2x
            from (select b.*, ck.ck, ${pick(c, 'b.i', 10, 100)} as pk,
                         b.status0 = 'confirmed' and ck.ck in (1, 2, 3, 7) as payable,
                         ${c.singles} and b.status0 = 'confirmed' and ck.ck in (1, 2, 7)
                           and ${pick(c, 'b.i', 10, 100)} between 88 and 90 and b.c_date >= ${anchor(c)} - 30 as single
                    from (${BOOKING(c, from, to)}) b
                    cross join lateral (select ${creditKind(c)} as ck) ck offset 0) q offset 0) k
  offset 0`;

/** Creates and fills `bench_plan` in batches. */
export async function seedPlan(c: SeedContext) {
  await run(c.db, 'drop table if exists bench_plan');
  // Made empty with the select's own column types, then filled by batches side by side.
  await run(c.db, `create unlogged table bench_plan as ${planSelect(c, 1, 0)}`);
  await inBatches(
    c,
    c.bookings,
    'plan',
    (from, to) => run(c.db, `insert into bench_plan ${planSelect(c, from, to)}`),
    WIDTH,
  );
  await run(c.db, 'create index on bench_plan (i)');
  await run(c.db, 'analyze bench_plan');
}

/** One batch of the plan: the draws, then the lines' amounts, the payouts and what follows from them. */
function planSelect(c: SeedContext, from: number, to: number): string {
  return `
    select p.*, ${entitlement('p.amt0')} as e10, ${entitlement('p.amt1')} as e11,
           case when coalesce(p.a1, 0) + coalesce(p.a2, 0) = 0 then p.status0
                when coalesce(p.a1, 0) + coalesce(p.a2, 0) = p.gross then 'completed' else 'partial' end as status,
           case when p.ck in (1, 2, 7, 9) then 'match' when p.ck = 3 then 'partial' when p.ck = 4 then 'mismatch'
                when p.ck in (5, 8) then 'multiple_transactions' else 'no_transaction' end as match_status,
           case when p.ck in (1, 2, 7, 9) then p.gross when p.ck = 3 then round(p.gross / 2, 2)
                when p.ck = 4 then p.gross - 1 when p.ck = 5 then 2 * p.gross else 0 end as net,
           p.ck = 1 and ${unit(c, 'p.i', 14)} < 0.004 as claimed,
           ${pick(c, 'p.i', 13, 4)} as noise, ${unit(c, 'p.i', 8)} < 0.05 as personal,
           ${referenceOf(c, 'p.i', 'p')} as reference
      from (select x.*, x.expected - coalesce(x.amt1, 0) as amt0, x.r - coalesce(x.pct1, 0) as pct0
              from (select y.*, round(y.gross * y.r / 100, 2) as expected,
                           case when y.sub_id is not null then round(y.gross * y.r * y.split / 10000, 2) end as amt1,
                           case when y.sub_id is not null then round(y.r * y.split / 100, 4) end as pct1
                      from (${PAYOUTS(c, from, to)}) y offset 0) x offset 0) p`;
}

const PNR_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * The reference of booking ordinal `ord` in its supplier's format (`s.fmt`, `s.prefix`): 'ABC04519382'
 * style, nine digits, a six-letter record locator (no I, O, 0 or 1), or 'ABC-04519382'. The number is a
 * bijection of the ordinal (a multiplier prime to 10, an offset from the seed), so no two ordinals share
 * a reference; credits nobody booked use ordinals past the bookings'.
 */
export function referenceOf(c: SeedContext, ord: string, s: string): string {
  const offset = ((c.seed % 100_000_000) + 100_000_000) % 100_000_000;
  const n = `((${ord})::bigint * 73939133 + ${offset})`;
  const digits = `lpad((${n} % 100000000)::text, 8, '0')`;
  const pnr = [25, 20, 15, 10, 5, 0]
    .map((shift) => `substr('${PNR_ALPHABET}', 1 + ((${n} % 1073741824) >> ${shift})::int % 32, 1)`)
    .join(' || ');
  return `(case ${s}.fmt when 0 then left(${s}.prefix, 2) || ${digits} when 1 then '0' || ${digits}
                       when 2 then ${pnr} else ${s}.prefix || '-' || ${digits} end)`;
}

/**
 * A reference as someone mistyped it, so that it matches no booking of the supplier (variant 0..3): a
 * hyphen or a space inserted where no reference of the format has one, its first zero dropped (shorter
 * than every reference of the format; a hyphen when it has none), or a digit typed as a letter (a letter
 * outside the locator alphabet for locators).
 */
export function noisyReference(ref: string, variant: string, fmt: string): string {
  const hyphen = `(case when ${fmt} = 2 then left(${ref}, 3) || '-' || substr(${ref}, 4)
                        else left(${ref}, length(${ref}) - 4) || '-' || right(${ref}, 4) end)`;
  return `(case ${variant}
      when 0 then ${hyphen}
      when 1 then left(${ref}, length(${ref}) - 3) || ' ' || right(${ref}, 3)
      when 2 then case when position('0' in ${ref}) > 0 then regexp_replace(${ref}, '0', '') else ${hyphen} end
      else overlay(${ref} placing (case when ${fmt} = 2 then '0'
                                        else translate(substr(${ref}, length(${ref}) - 1, 1), '0123456789', 'OIZEASGTBQ') end)
                   from length(${ref}) - 1 for 1) end)`;
}
