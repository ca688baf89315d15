CREATE TABLE "report_cum_refs" (
	"day" date NOT NULL,
	"card" varchar(16) NOT NULL,
	"currency_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"ref_id" integer NOT NULL,
	"commission" numeric NOT NULL,
	"days" integer NOT NULL,
	CONSTRAINT "report_cum_refs_day_card_currency_id_kind_ref_id_pk" PRIMARY KEY("day","card","currency_id","kind","ref_id")
);
--> statement-breakpoint
CREATE TABLE "report_paid_days" (
	"day" date NOT NULL,
	"currency_id" integer NOT NULL,
	"prev_day" date,
	"bookings" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "payout_items_booking_idx";--> statement-breakpoint
CREATE INDEX "report_paid_days_day_idx" ON "report_paid_days" USING btree ("day","currency_id","prev_day");--> statement-breakpoint
CREATE INDEX "payout_items_booking_idx" ON "payout_items" USING btree ("booking_id","payout_id");--> statement-breakpoint
-- Past Commissions' distinct bookings (report_paid_days, report-day-totals.ts) count a booking on its first
-- payout day of a range, which needs each payout day's previous one for the same booking and currency. A
-- payout dated before one of its bookings' later payout days moves that later day's previous day, so the
-- items mark the later day dirty too. Nothing else moves one: items are never updated or deleted (0010), a
-- payout's date and currency are never updated, and a booking with items cannot be deleted (their key).
CREATE OR REPLACE FUNCTION report_dirty_payout_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_dirty_days (day)
  SELECT DISTINCT p.payout_date FROM (SELECT DISTINCT payout_id FROM new_rows) n JOIN payouts p ON p.id = n.payout_id;
  INSERT INTO report_dirty_days (day)
  SELECT DISTINCT later.day
    FROM (SELECT DISTINCT n.booking_id, p.currency_id, p.payout_date
            FROM new_rows n JOIN payouts p ON p.id = n.payout_id) n
   CROSS JOIN LATERAL (SELECT min(p2.payout_date) AS day
                         FROM payout_items pi JOIN payouts p2 ON p2.id = pi.payout_id
                        WHERE pi.booking_id = n.booking_id AND p2.currency_id = n.currency_id
                          AND p2.payout_date > n.payout_date) later
   WHERE later.day IS NOT NULL;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The new table filled here, as report-day-totals.ts's paidDayRowsSql computes it, rather than every payout
-- day marked dirty: a read computes a dirty payout day's rows live (~1 s for a day paying 130,000 bookings at
-- ten million), so an all-time summary would take tens of seconds until the refresh caught up.
INSERT INTO report_paid_days (day, currency_id, prev_day, bookings)
SELECT d.day, d.currency_id, prev.day, count(*)::int
  FROM (SELECT DISTINCT p.payout_date AS day, p.currency_id, pi.booking_id
          FROM payouts p JOIN payout_items pi ON pi.payout_id = p.id) d
 CROSS JOIN LATERAL (SELECT max(p2.payout_date) AS day
                       FROM payout_items pi2 JOIN payouts p2 ON p2.id = pi2.payout_id
                      WHERE pi2.booking_id = d.booking_id AND p2.currency_id = d.currency_id
                        AND p2.payout_date < d.day) prev
 GROUP BY d.day, d.currency_id, prev.day;
--> statement-breakpoint
-- The charts' month-to-date totals (report_cum_refs): for each month that holds one of `from_days`, the
-- rows from its first such day to the month's end, recomputed from the stored day rows (report-day-totals.ts
-- calls it after storing the day rows of a refresh, in the same transaction, so the two always agree). A key
-- has a row on every day of the month from its first day row on. A supplier's rows are per card (they give
-- the charts' months); an agent's are one card, 'earned' (all but Cancelled: all the charts read of an
-- agent), with `days` counting its day rows of every card (an agent with only Cancelled lines is listed).
CREATE FUNCTION report_recompute_cum_refs(from_days date[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM report_cum_refs c USING (SELECT min(d) AS day FROM unnest(from_days) d GROUP BY date_trunc('month', d)) f
   WHERE c.day >= f.day AND c.day < date_trunc('month', f.day) + interval '1 month';
  INSERT INTO report_cum_refs (day, card, currency_id, kind, ref_id, commission, days)
  WITH f AS (SELECT min(d) AS day, date_trunc('month', min(d))::date AS month
               FROM unnest(from_days) d GROUP BY date_trunc('month', d)),
  src AS (SELECT f.day AS from_day, r.day, CASE WHEN r.kind = 'agent' THEN 'earned' ELSE r.card END AS card,
                 r.currency_id, r.kind, r.ref_id, count(*)::int AS n,
                 coalesce(sum(r.commission) FILTER (WHERE r.kind = 'supplier' OR r.card <> 'cancelled'), 0) AS commission
            FROM f JOIN report_day_refs r ON r.day >= f.month AND r.day < f.month + interval '1 month'
           GROUP BY 1, 2, 3, 4, 5, 6),
  k AS (SELECT DISTINCT from_day, card, currency_id, kind, ref_id FROM src)
  SELECT x.day, x.card, x.currency_id, x.kind, x.ref_id, x.commission, x.days
    FROM (SELECT g.day::date AS day, k.card, k.currency_id, k.kind, k.ref_id, k.from_day,
                 coalesce(sum(s.commission) OVER w, 0) AS commission, coalesce(sum(s.n) OVER w, 0)::int AS days
            FROM k
           CROSS JOIN generate_series(date_trunc('month', k.from_day),
                                      date_trunc('month', k.from_day) + interval '1 month' - interval '1 day',
                                      interval '1 day') g(day)
            LEFT JOIN src s ON s.from_day = k.from_day AND s.day = g.day::date AND s.card = k.card
                           AND s.currency_id = k.currency_id AND s.kind = k.kind AND s.ref_id = k.ref_id
          WINDOW w AS (PARTITION BY k.from_day, k.card, k.currency_id, k.kind, k.ref_id ORDER BY g.day)) x
   WHERE x.day >= x.from_day AND x.days > 0
   ORDER BY x.day; -- a day's rows side by side in the table: a chart reads one or two days' rows
$$;
--> statement-breakpoint
SELECT report_recompute_cum_refs(array(SELECT DISTINCT date_trunc('month', day)::date FROM report_day_refs));
