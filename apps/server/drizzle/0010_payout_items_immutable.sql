-- Payout items are immutable (DOMAIN.md "Payouts"): what was paid is never rewritten or removed.
CREATE FUNCTION payout_items_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'payout_items is immutable';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER payout_items_no_update BEFORE UPDATE OR DELETE ON payout_items FOR EACH ROW EXECUTE FUNCTION payout_items_immutable();
--> statement-breakpoint
CREATE TRIGGER payout_items_no_truncate BEFORE TRUNCATE ON payout_items FOR EACH STATEMENT EXECUTE FUNCTION payout_items_immutable();
