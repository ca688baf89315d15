CREATE TABLE "import_rows" (
	"import_job_id" uuid NOT NULL,
	"import_row" integer NOT NULL,
	"reference_number" varchar(64) NOT NULL,
	"transaction_type" varchar(8) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	CONSTRAINT "import_rows_import_job_id_import_row_pk" PRIMARY KEY("import_job_id","import_row")
);
--> statement-breakpoint
-- Staged rows live seconds, until their job commits: no WAL for them. After a crash of PostgreSQL the table
-- is empty, and a job that finds no staged rows parses its stored file again (transaction-import-job.ts).
ALTER TABLE "import_rows" SET UNLOGGED;
--> statement-breakpoint
-- The import job writes a file's rows with one INSERT … SELECT that computes matches_booking itself, set-based
-- and under the suppliers' matching lock (transaction-import-job.ts): the per-row trigger would look each row
-- up again (about 2.6 s per 100,000 rows). Every other insert, and every change of a reference or an
-- account, still goes through it.
DROP TRIGGER transactions_set_matches_booking ON transactions;
--> statement-breakpoint
CREATE TRIGGER transactions_set_matches_booking BEFORE INSERT ON transactions
  FOR EACH ROW WHEN (NEW.import_job_id IS NULL) EXECUTE FUNCTION transactions_set_matches_booking();
--> statement-breakpoint
CREATE TRIGGER transactions_update_matches_booking BEFORE UPDATE OF reference_number, account_id ON transactions
  FOR EACH ROW EXECUTE FUNCTION transactions_set_matches_booking();
