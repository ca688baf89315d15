CREATE TABLE "import_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"status" varchar(16) DEFAULT 'queued' NOT NULL,
	"transaction_status" varchar(16) NOT NULL,
	"description" text,
	"is_partial" boolean DEFAULT false NOT NULL,
	"cheque_reference_number" varchar(64),
	"reference_image_file_id" integer,
	"total_rows" integer NOT NULL,
	"processed_count" integer DEFAULT 0 NOT NULL,
	"imported_count" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"message" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"heartbeat_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_jobs_status" CHECK ("import_jobs"."status" in ('queued', 'processing', 'completed', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "transaction_match_status" varchar(24);--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "import_job_id" uuid;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "import_row" integer;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_reference_image_file_id_stored_files_id_fk" FOREIGN KEY ("reference_image_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_jobs_unfinished_idx" ON "import_jobs" USING btree ("status") WHERE "import_jobs"."status" in ('queued', 'processing');--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_import_job_id_import_jobs_id_fk" FOREIGN KEY ("import_job_id") REFERENCES "public"."import_jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_match_status_date_idx" ON "bookings" USING btree ("transaction_match_status","booking_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_import_row_uq" ON "transactions" USING btree ("import_job_id","import_row");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_transaction_match_status" CHECK ("bookings"."transaction_match_status" in ('match', 'partial', 'mismatch', 'no_transaction', 'multiple_transactions'));