CREATE TABLE "report_day_totals" (
	"day" date NOT NULL,
	"card" varchar(16) NOT NULL,
	"currency_id" integer NOT NULL,
	"bookings" integer NOT NULL,
	"commission" numeric NOT NULL,
	"gst" numeric NOT NULL,
	CONSTRAINT "report_day_totals_day_card_currency_id_pk" PRIMARY KEY("day","card","currency_id")
);
--> statement-breakpoint
CREATE TABLE "report_dirty_days" (
	"day" date NOT NULL
);
--> statement-breakpoint
CREATE INDEX "report_dirty_days_day_idx" ON "report_dirty_days" USING btree ("day");--> statement-breakpoint
-- The dashboard's day totals (reports feature, report-day-totals.ts): per booking day, card and currency,
-- the Future, Next Payout and Cancelled commission of every line, so the admins' unfiltered summary adds up
-- a few thousand rows instead of computing a million lines. Any write that can change a day's cards
-- appends that day to report_dirty_days (statement triggers below, in the writer's transaction, with no
-- unique key to wait on); the summary recomputes the dirty days of its range before reading them.
-- What moves a card: a booking (status, amounts, match status, date, supplier), its lines, the
-- transactions that match it (money received), an agent's GST registration, the GST rate, an account's
-- owner, a supplier's currency.
CREATE FUNCTION report_dirty_bookings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO report_dirty_days (day) SELECT DISTINCT booking_date FROM new_rows;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO report_dirty_days (day) SELECT DISTINCT booking_date FROM old_rows;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER report_dirty_bookings_ins AFTER INSERT ON bookings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_dirty_bookings();
--> statement-breakpoint
CREATE TRIGGER report_dirty_bookings_upd AFTER UPDATE ON bookings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_dirty_bookings();
--> statement-breakpoint
CREATE TRIGGER report_dirty_bookings_del AFTER DELETE ON bookings REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_dirty_bookings();
--> statement-breakpoint
CREATE FUNCTION report_dirty_lines() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO report_dirty_days (day)
    SELECT DISTINCT b.booking_date FROM (SELECT DISTINCT booking_id FROM new_rows) r JOIN bookings b ON b.id = r.booking_id;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO report_dirty_days (day)
    SELECT DISTINCT b.booking_date FROM (SELECT DISTINCT booking_id FROM old_rows) r JOIN bookings b ON b.id = r.booking_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER report_dirty_lines_ins AFTER INSERT ON actual_commissions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_dirty_lines();
--> statement-breakpoint
CREATE TRIGGER report_dirty_lines_upd AFTER UPDATE ON actual_commissions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_dirty_lines();
--> statement-breakpoint
CREATE TRIGGER report_dirty_lines_del AFTER DELETE ON actual_commissions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_dirty_lines();
--> statement-breakpoint
-- A supplier transaction changes the money received by the bookings it matches (DOMAIN.md "Matching":
-- the account's supplier and the trimmed, case-insensitive reference; bookings_supplier_reference_idx).
CREATE FUNCTION report_dirty_transactions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO report_dirty_days (day)
    SELECT DISTINCT b.booking_date
      FROM (SELECT DISTINCT account_id, upper(btrim(reference_number)) AS ref FROM new_rows) t
      JOIN accounts a ON a.id = t.account_id AND a.accountable_type = 'supplier'
      JOIN bookings b ON b.supplier_id = a.accountable_id AND upper(btrim(b.booking_reference)) = t.ref;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO report_dirty_days (day)
    SELECT DISTINCT b.booking_date
      FROM (SELECT DISTINCT account_id, upper(btrim(reference_number)) AS ref FROM old_rows) t
      JOIN accounts a ON a.id = t.account_id AND a.accountable_type = 'supplier'
      JOIN bookings b ON b.supplier_id = a.accountable_id AND upper(btrim(b.booking_reference)) = t.ref;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER report_dirty_transactions_ins AFTER INSERT ON transactions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_dirty_transactions();
--> statement-breakpoint
CREATE TRIGGER report_dirty_transactions_upd AFTER UPDATE ON transactions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_dirty_transactions();
--> statement-breakpoint
CREATE TRIGGER report_dirty_transactions_del AFTER DELETE ON transactions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_dirty_transactions();
--> statement-breakpoint
-- An account's owner: every booking of the old and the new supplier may match differently.
CREATE FUNCTION report_dirty_accounts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_dirty_days (day)
  SELECT DISTINCT b.booking_date
    FROM (SELECT accountable_id FROM old_rows WHERE accountable_type = 'supplier'
          UNION SELECT accountable_id FROM new_rows WHERE accountable_type = 'supplier') s
    JOIN bookings b ON b.supplier_id = s.accountable_id
   WHERE EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
                  WHERE (o.accountable_type, o.accountable_id) IS DISTINCT FROM (n.accountable_type, n.accountable_id));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER report_dirty_accounts_upd AFTER UPDATE ON accounts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_dirty_accounts();
--> statement-breakpoint
-- An agent's GST registration changes the GST of every line of theirs.
CREATE FUNCTION report_dirty_agents() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_dirty_days (day)
  SELECT DISTINCT b.booking_date
    FROM old_rows o JOIN new_rows n ON n.id = o.id AND n.has_gst IS DISTINCT FROM o.has_gst
    JOIN actual_commissions ac ON ac.agent_id = n.id
    JOIN bookings b ON b.id = ac.booking_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER report_dirty_agents_upd AFTER UPDATE ON agents REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_dirty_agents();
--> statement-breakpoint
-- A supplier's currency moves its bookings' lines to another currency's totals.
CREATE FUNCTION report_dirty_suppliers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_dirty_days (day)
  SELECT DISTINCT b.booking_date
    FROM old_rows o JOIN new_rows n ON n.id = o.id AND n.currency_id IS DISTINCT FROM o.currency_id
    JOIN bookings b ON b.supplier_id = n.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER report_dirty_suppliers_upd AFTER UPDATE ON suppliers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_dirty_suppliers();
--> statement-breakpoint
-- The GST rate (settings key gst_rate) changes the GST of every line: every day, when its value changes.
CREATE FUNCTION report_dirty_settings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM new_rows WHERE key = 'gst_rate') THEN RETURN NULL; END IF;
  ELSIF NOT EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.key = o.key
                     WHERE n.key = 'gst_rate' AND n.value IS DISTINCT FROM o.value) THEN
    RETURN NULL;
  END IF;
  INSERT INTO report_dirty_days (day) SELECT DISTINCT booking_date FROM bookings;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER report_dirty_settings_ins AFTER INSERT ON settings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_dirty_settings();
--> statement-breakpoint
CREATE TRIGGER report_dirty_settings_upd AFTER UPDATE ON settings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_dirty_settings();
--> statement-breakpoint
-- Every day with bookings is computed on its first read.
INSERT INTO report_dirty_days (day) SELECT DISTINCT booking_date FROM bookings;
