-- DOMAIN.md "Money invariants": what the database can hold by itself. The services refuse these cases
-- first with a message a bookkeeper understands (422); these are the backstop whatever writes. Added NOT
-- VALID: new and changed rows are checked, a row already wrong is reported by `books:check` instead of
-- stopping the migration.

-- Invariant 1: paid_amount lies between 0 and the gross, with the gross's sign.
ALTER TABLE bookings ADD CONSTRAINT bookings_paid_within_gross CHECK (
  CASE WHEN booking_amount >= 0 THEN paid_amount >= 0 AND paid_amount <= booking_amount
       ELSE paid_amount <= 0 AND paid_amount >= booking_amount END) NOT VALID;
--> statement-breakpoint
-- Invariant 1: partial and completed come only from payouts (and a reconcile that leaves nothing
-- remaining); pending and confirmed bookings have had nothing paid out.
ALTER TABLE bookings ADD CONSTRAINT bookings_status_follows_payouts CHECK (
  status = 'cancelled'
  OR (status IN ('pending', 'confirmed') AND paid_amount = 0)
  OR (status = 'partial' AND paid_amount <> 0 AND paid_amount <> booking_amount)
  OR (status = 'completed' AND paid_amount = booking_amount)) NOT VALID;
--> statement-breakpoint
-- Invariant 4: a payout record's total equals the sum of its items, checked at commit (the payout run
-- writes the items, then the total, in one transaction). Once per record and transaction, however many
-- items it wrote: the first check of a record in a transaction remembers it in a transaction-local setting.
CREATE FUNCTION payout_total_equals_items() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pid int;
  marker text;
  total numeric;
  items numeric;
BEGIN
  IF TG_TABLE_NAME = 'payouts' THEN
    pid := NEW.id;
  ELSE
    pid := NEW.payout_id;
  END IF;
  marker := 'books.payout_checked_' || pid;
  IF current_setting(marker, true) = txid_current()::text THEN
    RETURN NULL;
  END IF;
  PERFORM set_config(marker, txid_current()::text, true);
  SELECT p.total_amount INTO total FROM payouts p WHERE p.id = pid;
  SELECT coalesce(sum(i.total), 0) INTO items FROM payout_items i WHERE i.payout_id = pid;
  IF total IS DISTINCT FROM items THEN
    RAISE EXCEPTION 'payout % total % does not equal its items %', pid, total, items
      USING ERRCODE = 'check_violation', CONSTRAINT = 'payout_total_equals_items';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER payout_items_total_check AFTER INSERT ON payout_items
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION payout_total_equals_items();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER payouts_total_check AFTER INSERT OR UPDATE OF total_amount ON payouts
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION payout_total_equals_items();
--> statement-breakpoint
-- Invariants 2 and 4: a transaction a payout wrote (an agent's debit, or the credit of a clawback) is part
-- of the payout record and never changes or goes; a supplier's completed transaction that funded a payout
-- (a booking of that supplier with its reference has money paid out) keeps its amount, reference, account
-- and type, cannot be deleted, and its status may only become 'reversed' (the supplier took the money back).
CREATE FUNCTION transactions_keep_paid_money() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  funded boolean;
BEGIN
  IF OLD.payout_id IS NOT NULL THEN
    IF TG_OP = 'DELETE' OR NEW.amount <> OLD.amount OR NEW.reference_number <> OLD.reference_number
       OR NEW.account_id <> OLD.account_id OR NEW.transaction_type <> OLD.transaction_type
       OR NEW.status <> OLD.status OR NEW.payout_id IS DISTINCT FROM OLD.payout_id THEN
      RAISE EXCEPTION 'transaction % was written by payout % and cannot change', OLD.id, OLD.payout_id
        USING ERRCODE = 'check_violation', CONSTRAINT = 'transactions_keep_paid_money';
    END IF;
    RETURN NEW;
  END IF;
  -- A reversed one stays as it is too: it is the record of what the supplier took back from a payout's
  -- funding (moved to another reference, it would hide the booking left to claw back).
  IF OLD.status NOT IN ('completed', 'reversed') THEN
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  END IF;
  -- References match trimmed and case-insensitive: 'mb-3' edited to 'MB-3' is the same reference.
  IF TG_OP = 'UPDATE' AND NEW.amount = OLD.amount
     AND upper(btrim(NEW.reference_number)) = upper(btrim(OLD.reference_number))
     AND NEW.account_id = OLD.account_id AND NEW.transaction_type = OLD.transaction_type
     AND NEW.status = OLD.status THEN
    RETURN NEW;
  END IF;
  SELECT EXISTS (
    SELECT 1 FROM accounts a
      JOIN bookings b ON b.supplier_id = a.accountable_id
                     AND upper(btrim(b.booking_reference)) = upper(btrim(OLD.reference_number))
     WHERE a.id = OLD.account_id AND a.accountable_type = 'supplier' AND b.paid_amount <> 0) INTO funded;
  IF NOT funded THEN
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  END IF;
  IF TG_OP = 'DELETE' OR NEW.amount <> OLD.amount
     OR upper(btrim(NEW.reference_number)) <> upper(btrim(OLD.reference_number))
     OR NEW.account_id <> OLD.account_id OR NEW.transaction_type <> OLD.transaction_type
     OR NEW.status NOT IN ('completed', 'reversed') THEN
    RAISE EXCEPTION 'transaction % funded a payout: it keeps its amount, reference, account and type and may only be reversed', OLD.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'transactions_keep_paid_money';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER transactions_keep_paid_money BEFORE UPDATE OR DELETE ON transactions
  FOR EACH ROW EXECUTE FUNCTION transactions_keep_paid_money();
