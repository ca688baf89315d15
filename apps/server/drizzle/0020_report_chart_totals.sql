CREATE TABLE "report_day_refs" (
	"day" date NOT NULL,
	"card" varchar(16) NOT NULL,
	"currency_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"ref_id" integer NOT NULL,
	"commission" numeric NOT NULL,
	CONSTRAINT "report_day_refs_day_card_currency_id_kind_ref_id_pk" PRIMARY KEY("day","card","currency_id","kind","ref_id")
);
--> statement-breakpoint
CREATE TABLE "report_month_refs" (
	"month" date NOT NULL,
	"card" varchar(16) NOT NULL,
	"currency_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"ref_id" integer NOT NULL,
	"commission" numeric NOT NULL,
	CONSTRAINT "report_month_refs_kind_month_card_currency_id_ref_id_pk" PRIMARY KEY("kind","month","card","currency_id","ref_id")
);
--> statement-breakpoint
CREATE TABLE "report_year_refs" (
	"year" date NOT NULL,
	"card" varchar(16) NOT NULL,
	"currency_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"ref_id" integer NOT NULL,
	"commission" numeric NOT NULL,
	CONSTRAINT "report_year_refs_year_card_currency_id_kind_ref_id_pk" PRIMARY KEY("year","card","currency_id","kind","ref_id")
);
--> statement-breakpoint
DROP INDEX "payout_items_payout_idx";--> statement-breakpoint
CREATE INDEX "payout_items_payout_booking_idx" ON "payout_items" USING btree ("payout_id","booking_id");--> statement-breakpoint
-- Past Commissions count on the payout's date: a payout's items mark their payout date dirty (they are never
-- updated or deleted, 0010), and so does a booking moved to another supplier for the items that paid it.
CREATE FUNCTION report_dirty_payout_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_dirty_days (day)
  SELECT DISTINCT p.payout_date FROM (SELECT DISTINCT payout_id FROM new_rows) n JOIN payouts p ON p.id = n.payout_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER report_dirty_payout_items_ins AFTER INSERT ON payout_items REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_dirty_payout_items();
--> statement-breakpoint
CREATE FUNCTION report_dirty_booking_payouts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_dirty_days (day)
  SELECT DISTINCT p.payout_date FROM payout_items pi JOIN payouts p ON p.id = pi.payout_id WHERE pi.booking_id = NEW.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER report_dirty_booking_payouts AFTER UPDATE OF supplier_id ON bookings FOR EACH ROW
  WHEN (OLD.supplier_id IS DISTINCT FROM NEW.supplier_id) EXECUTE FUNCTION report_dirty_booking_payouts();
--> statement-breakpoint
-- The new tables, and Past in report_day_totals (on its payout date), are filled by the background refresh:
-- every day with a line or a payout is dirty once (read live until then).
INSERT INTO report_dirty_days (day)
SELECT DISTINCT day FROM report_day_totals
UNION SELECT DISTINCT payout_date FROM payouts;
