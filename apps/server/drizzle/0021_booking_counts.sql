CREATE TABLE "booking_counts" (
	"status" varchar(16) NOT NULL,
	"transaction_match_status" varchar(24),
	"supplier_id" integer NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "booking_counts_supplier_idx" ON "booking_counts" USING btree ("supplier_id");--> statement-breakpoint
-- The deltas of a write: -1 for each old row, +1 for each new one, per status, match status and supplier; only
-- the groups whose number changed (an update of other columns appends nothing).
CREATE FUNCTION booking_counts_delta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO booking_counts (status, transaction_match_status, supplier_id, n)
    SELECT status, transaction_match_status, supplier_id, count(*) FROM new_rows GROUP BY 1, 2, 3;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO booking_counts (status, transaction_match_status, supplier_id, n)
    SELECT status, transaction_match_status, supplier_id, -count(*) FROM old_rows GROUP BY 1, 2, 3;
  ELSE
    INSERT INTO booking_counts (status, transaction_match_status, supplier_id, n)
    SELECT status, transaction_match_status, supplier_id, sum(d) FROM (
      SELECT status, transaction_match_status, supplier_id, -1 AS d FROM old_rows
      UNION ALL
      SELECT status, transaction_match_status, supplier_id, 1 FROM new_rows) c
     GROUP BY 1, 2, 3 HAVING sum(d) <> 0;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER booking_counts_ins AFTER INSERT ON bookings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION booking_counts_delta();
--> statement-breakpoint
CREATE TRIGGER booking_counts_upd AFTER UPDATE ON bookings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION booking_counts_delta();
--> statement-breakpoint
CREATE TRIGGER booking_counts_del AFTER DELETE ON bookings REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION booking_counts_delta();
--> statement-breakpoint
-- The bookings already there, under a lock that holds writers off until the migration commits.
LOCK TABLE bookings IN SHARE MODE;
--> statement-breakpoint
INSERT INTO booking_counts (status, transaction_match_status, supplier_id, n)
SELECT status, transaction_match_status, supplier_id, count(*) FROM bookings GROUP BY 1, 2, 3;
