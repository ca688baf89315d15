CREATE TABLE "payout_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"payout_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"actual_commission_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"gross_portion" numeric(14, 2) NOT NULL,
	"percentage" numeric(7, 4) NOT NULL,
	"commission" numeric(14, 2) NOT NULL,
	"gst" numeric(14, 2) NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"transaction_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_items_total" CHECK ("payout_items"."total" = "payout_items"."commission" + "payout_items"."gst")
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"payout_date" date NOT NULL,
	"currency_id" integer NOT NULL,
	"total_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"kind" varchar(8) NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_kind" CHECK ("payouts"."kind" in ('single', 'bulk'))
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "payout_id" integer;--> statement-breakpoint
ALTER TABLE "payout_items" ADD CONSTRAINT "payout_items_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_items" ADD CONSTRAINT "payout_items_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_items" ADD CONSTRAINT "payout_items_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_items" ADD CONSTRAINT "payout_items_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_items_payout_idx" ON "payout_items" USING btree ("payout_id");--> statement-breakpoint
CREATE INDEX "payout_items_agent_created_idx" ON "payout_items" USING btree ("agent_id","created_at");--> statement-breakpoint
CREATE INDEX "payout_items_booking_idx" ON "payout_items" USING btree ("booking_id");--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transactions_payout_idx" ON "transactions" USING btree ("payout_id") WHERE "transactions"."payout_id" is not null;