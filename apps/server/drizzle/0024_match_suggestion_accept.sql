CREATE TABLE "match_suggestion_rejections" (
	"transaction_id" integer NOT NULL,
	"booking_ids" integer[] NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "match_suggestion_rejections_transaction_id_booking_ids_pk" PRIMARY KEY("transaction_id","booking_ids")
);
--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "match_tolerance_bp" integer DEFAULT 200 NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "original_reference_number" varchar(64);--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "original_amount" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "split_from_transaction_id" integer;--> statement-breakpoint
ALTER TABLE "match_suggestion_rejections" ADD CONSTRAINT "match_suggestion_rejections_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_suggestion_rejections" ADD CONSTRAINT "match_suggestion_rejections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_split_from_transaction_id_transactions_id_fk" FOREIGN KEY ("split_from_transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transactions_split_from_idx" ON "transactions" USING btree ("split_from_transaction_id") WHERE "transactions"."split_from_transaction_id" is not null;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_match_tolerance_bp" CHECK ("suppliers"."match_tolerance_bp" between 0 and 2000);