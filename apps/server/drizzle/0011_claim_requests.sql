CREATE TABLE "claim_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"transaction_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"requested_by_user_id" integer,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"booking_data" jsonb NOT NULL,
	"receipt_file_id" integer,
	"decided_by_user_id" integer,
	"decided_at" timestamp with time zone,
	"rejection_reason" text,
	"booking_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claim_requests_status" CHECK ("claim_requests"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "claim_requests_decided" CHECK (("claim_requests"."status" = 'pending') = ("claim_requests"."decided_at" is null)),
	CONSTRAINT "claim_requests_reason" CHECK ("claim_requests"."status" <> 'rejected' or "claim_requests"."rejection_reason" is not null)
);
--> statement-breakpoint
ALTER TABLE "claim_requests" ADD CONSTRAINT "claim_requests_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_requests" ADD CONSTRAINT "claim_requests_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_requests" ADD CONSTRAINT "claim_requests_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_requests" ADD CONSTRAINT "claim_requests_receipt_file_id_stored_files_id_fk" FOREIGN KEY ("receipt_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_requests" ADD CONSTRAINT "claim_requests_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_requests" ADD CONSTRAINT "claim_requests_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "claim_requests_pending_transaction_uq" ON "claim_requests" USING btree ("transaction_id") WHERE "claim_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "claim_requests_status_created_idx" ON "claim_requests" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "claim_requests_agent_created_idx" ON "claim_requests" USING btree ("agent_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "claim_requests_transaction_idx" ON "claim_requests" USING btree ("transaction_id");