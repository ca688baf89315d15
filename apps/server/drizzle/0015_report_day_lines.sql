ALTER TABLE "report_day_totals" ADD COLUMN "lines" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Days computed before the column existed count 0 lines: compute them again on their next read.
INSERT INTO report_dirty_days (day) SELECT DISTINCT day FROM report_day_totals;
