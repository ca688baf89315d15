-- A payout's date and currency are never changed (only its total, as items are added in its transaction):
-- Past's paid bookings per payout day (report_paid_days, 0027) count each booking by its previous payout
-- day, which a payout moved to another day or currency would change without marking any day dirty. The
-- code never does it; this makes it a rule of the database, as 0010 does for the items.
CREATE FUNCTION payouts_date_currency_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a payout''s date and currency are never changed';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER payouts_date_currency_fixed BEFORE UPDATE OF payout_date, currency_id ON payouts FOR EACH ROW
  WHEN (OLD.payout_date IS DISTINCT FROM NEW.payout_date OR OLD.currency_id IS DISTINCT FROM NEW.currency_id)
  EXECUTE FUNCTION payouts_date_currency_fixed();
