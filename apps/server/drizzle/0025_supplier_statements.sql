CREATE TABLE "statement_mappings" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"mapping" jsonb NOT NULL,
	"user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"import_job_id" uuid NOT NULL,
	"filename" varchar(255) NOT NULL,
	"mapping" jsonb NOT NULL,
	"line_count" integer NOT NULL,
	"skipped_count" integer NOT NULL,
	"credit_total" numeric(14, 2) NOT NULL,
	"debit_total" numeric(14, 2) NOT NULL,
	"deposit_amount" numeric(14, 2),
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "transaction_date" date;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "customer_name" varchar(150);--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "booking_date" date;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "statement_id" integer;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "statement_customer_name" varchar(150);--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "statement_booking_date" date;--> statement-breakpoint
ALTER TABLE "statement_mappings" ADD CONSTRAINT "statement_mappings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_mappings" ADD CONSTRAINT "statement_mappings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_import_job_id_import_jobs_id_fk" FOREIGN KEY ("import_job_id") REFERENCES "public"."import_jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "statements_import_job_uq" ON "statements" USING btree ("import_job_id");--> statement-breakpoint
CREATE INDEX "statements_account_idx" ON "statements" USING btree ("account_id","id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_statement_id_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transactions_statement_idx" ON "transactions" USING btree ("statement_id") WHERE "transactions"."statement_id" is not null;