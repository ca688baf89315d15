-- transactions.matches_booking (0012) is recomputed by a booking's writer and by the transaction writers,
-- each under the suppliers' matching lock. A booking's writer holds that lock before it touches a
-- transaction row, while a transaction's writer locks its row first and the supplier after: waiting for
-- the row would be a deadlock. A row another writer holds is skipped instead: that writer recomputes its
-- own rows once it has the supplier lock (transaction-matching.ts), after this one commits. FOR NO KEY
-- UPDATE, as the UPDATE itself takes: a foreign-key check's KEY SHARE (a claim being filed) is no reason to skip.
CREATE OR REPLACE FUNCTION refresh_transaction_matches(account_ids integer[], refs text[]) RETURNS void
LANGUAGE sql VOLATILE AS $$
  UPDATE transactions t SET matches_booking = transaction_matches_booking(t.account_id, t.reference_number)
    FROM (SELECT s.id FROM transactions s
           WHERE s.account_id = ANY($1) AND ($2 IS NULL OR s.normalized_reference = ANY($2))
             AND s.matches_booking IS DISTINCT FROM transaction_matches_booking(s.account_id, s.reference_number)
           FOR NO KEY UPDATE SKIP LOCKED) stale
   WHERE t.id = stale.id
$$;
