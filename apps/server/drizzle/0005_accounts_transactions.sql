CREATE TABLE "accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(150) NOT NULL,
	"account_number" varchar(64),
	"accountable_type" varchar(16) NOT NULL,
	"accountable_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_accountable_type" CHECK ("accounts"."accountable_type" in ('supplier', 'agent'))
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"transaction_type" varchar(8) NOT NULL,
	"currency_id" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"reference_number" varchar(64) NOT NULL,
	"normalized_reference" varchar(64) GENERATED ALWAYS AS (upper(btrim(reference_number))) STORED,
	"status" varchar(16) DEFAULT 'completed' NOT NULL,
	"description" text,
	"is_partial" boolean DEFAULT false NOT NULL,
	"cheque_reference_number" varchar(64),
	"reference_image_file_id" integer,
	"transaction_date" date DEFAULT current_date NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transactions_type" CHECK ("transactions"."transaction_type" in ('credit', 'debit')),
	CONSTRAINT "transactions_status" CHECK ("transactions"."status" in ('pending', 'completed', 'failed', 'reversed')),
	CONSTRAINT "transactions_amount_positive" CHECK ("transactions"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_reference_image_file_id_stored_files_id_fk" FOREIGN KEY ("reference_image_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_owner_idx" ON "accounts" USING btree ("accountable_type","accountable_id");--> statement-breakpoint
CREATE INDEX "transactions_account_reference_idx" ON "transactions" USING btree ("account_id","normalized_reference");--> statement-breakpoint
CREATE INDEX "transactions_date_idx" ON "transactions" USING btree ("transaction_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "transactions_account_date_idx" ON "transactions" USING btree ("account_id","transaction_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "transactions_status_idx" ON "transactions" USING btree ("status");--> statement-breakpoint
CREATE INDEX "transactions_reference_trgm_idx" ON "transactions" USING gin ("reference_number" gin_trgm_ops);