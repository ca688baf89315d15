CREATE TABLE "booking_follow_ups" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"user_id" integer,
	"note" text NOT NULL,
	"next_follow_up_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "commission_due_days" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "transaction_net" numeric(14, 2);--> statement-breakpoint
-- What the matched transactions add up to, for every booking whose match status is stored (the rest are
-- computed with their status by the start-up backfill): the same join as the matching (transaction-matching.ts).
UPDATE "bookings" SET "transaction_net" = 0 WHERE "transaction_match_status" = 'no_transaction';--> statement-breakpoint
UPDATE "bookings" b SET "transaction_net" = m.net
  FROM (SELECT b2.id,
               sum(CASE WHEN mt.transaction_type = 'credit' THEN mt.amount ELSE -mt.amount END) AS net
          FROM "bookings" b2
          JOIN "accounts" ma ON ma.accountable_type = 'supplier' AND ma.accountable_id = b2.supplier_id
          JOIN "transactions" mt ON mt.account_id = ma.id AND mt.status = 'completed'
                                AND mt.normalized_reference = upper(btrim(b2.booking_reference))
         WHERE b2.transaction_match_status <> 'no_transaction'
         GROUP BY b2.id) m
 WHERE b.id = m.id;--> statement-breakpoint
ALTER TABLE "booking_follow_ups" ADD CONSTRAINT "booking_follow_ups_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_follow_ups" ADD CONSTRAINT "booking_follow_ups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_follow_ups_booking_idx" ON "booking_follow_ups" USING btree ("booking_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bookings_overdue_idx" ON "bookings" USING btree ("supplier_id","booking_date","id","booking_amount","transaction_net") WHERE "bookings"."status" <> 'cancelled' and not "bookings"."is_reconciled" and "bookings"."booking_amount" > 0 and "bookings"."transaction_match_status" <> 'match';--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_commission_due_days" CHECK ("suppliers"."commission_due_days" between 1 and 3650);