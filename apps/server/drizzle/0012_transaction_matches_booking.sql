ALTER TABLE "claim_requests" DROP CONSTRAINT "claim_requests_requested_by_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "claim_requests" ALTER COLUMN "requested_by_user_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "matches_booking" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "claim_requests" ADD CONSTRAINT "claim_requests_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- DOMAIN.md "Matching", kept in the row: transactions.matches_booking says whether a booking of the
-- account's supplier has the transaction's reference (trimmed, case-insensitive), whatever either's
-- status. The unmatched credits (claims, DOMAIN.md "unmatched credit transaction") are read through it
-- (transactions_unmatched_credit_idx) instead of probing the bookings for every credit of a range.
-- Triggers keep it: a transaction's own reference or account (before it is written), a booking's
-- insert, delete, reference or supplier, an account's owner. The app recomputes it again under the
-- suppliers' matching lock (transaction-matching.ts), so two concurrent writers cannot each miss the other.
CREATE FUNCTION transaction_matches_booking(account_id integer, reference text) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM accounts a JOIN bookings b ON b.supplier_id = a.accountable_id
     WHERE a.id = $1 AND a.accountable_type = 'supplier'
       AND upper(btrim(b.booking_reference)) = upper(btrim($2)))
$$;
--> statement-breakpoint
CREATE FUNCTION refresh_transaction_matches(account_ids integer[], refs text[]) RETURNS void
LANGUAGE sql VOLATILE AS $$
  UPDATE transactions t SET matches_booking = transaction_matches_booking(t.account_id, t.reference_number)
   WHERE t.account_id = ANY($1) AND ($2 IS NULL OR t.normalized_reference = ANY($2))
     AND t.matches_booking IS DISTINCT FROM transaction_matches_booking(t.account_id, t.reference_number)
$$;
--> statement-breakpoint
CREATE FUNCTION transactions_set_matches_booking() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.matches_booking := transaction_matches_booking(NEW.account_id, NEW.reference_number);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER transactions_set_matches_booking BEFORE INSERT OR UPDATE OF reference_number, account_id ON transactions
  FOR EACH ROW EXECUTE FUNCTION transactions_set_matches_booking();
--> statement-breakpoint
CREATE FUNCTION bookings_refresh_transaction_matches() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  supplier_ids integer[];
  refs text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT supplier_id), array_agg(DISTINCT upper(btrim(booking_reference))) INTO supplier_ids, refs FROM changed_bookings;
  ELSE
    SELECT array_agg(DISTINCT supplier_id), array_agg(DISTINCT upper(btrim(booking_reference))) INTO supplier_ids, refs FROM removed_bookings;
  END IF;
  IF refs IS NOT NULL THEN
    PERFORM refresh_transaction_matches(
      array(SELECT id FROM accounts WHERE accountable_type = 'supplier' AND accountable_id = ANY(supplier_ids)), refs);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER bookings_added_transaction_matches AFTER INSERT ON bookings REFERENCING NEW TABLE AS changed_bookings
  FOR EACH STATEMENT EXECUTE FUNCTION bookings_refresh_transaction_matches();
--> statement-breakpoint
CREATE TRIGGER bookings_removed_transaction_matches AFTER DELETE ON bookings REFERENCING OLD TABLE AS removed_bookings
  FOR EACH STATEMENT EXECUTE FUNCTION bookings_refresh_transaction_matches();
--> statement-breakpoint
CREATE FUNCTION bookings_moved_transaction_matches() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_transaction_matches(
    array(SELECT id FROM accounts WHERE accountable_type = 'supplier' AND accountable_id IN (OLD.supplier_id, NEW.supplier_id)),
    array[upper(btrim(OLD.booking_reference)), upper(btrim(NEW.booking_reference))]);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER bookings_moved_transaction_matches AFTER UPDATE OF booking_reference, supplier_id ON bookings FOR EACH ROW
  WHEN (OLD.booking_reference IS DISTINCT FROM NEW.booking_reference OR OLD.supplier_id IS DISTINCT FROM NEW.supplier_id)
  EXECUTE FUNCTION bookings_moved_transaction_matches();
--> statement-breakpoint
CREATE FUNCTION accounts_owner_transaction_matches() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_transaction_matches(array[NEW.id], NULL);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER accounts_owner_transaction_matches AFTER UPDATE OF accountable_type, accountable_id ON accounts FOR EACH ROW
  WHEN (OLD.accountable_type IS DISTINCT FROM NEW.accountable_type OR OLD.accountable_id IS DISTINCT FROM NEW.accountable_id)
  EXECUTE FUNCTION accounts_owner_transaction_matches();
--> statement-breakpoint
UPDATE transactions SET matches_booking = true WHERE transaction_matches_booking(account_id, reference_number);
--> statement-breakpoint
CREATE INDEX "transactions_unmatched_credit_idx" ON "transactions" USING btree ("transaction_date" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "transactions"."status" = 'completed' and "transactions"."transaction_type" = 'credit' and not "transactions"."matches_booking";