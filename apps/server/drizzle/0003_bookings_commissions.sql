CREATE TABLE "actual_commissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"role" varchar(16) NOT NULL,
	"percentage" numeric(7, 4) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"gst_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"total_with_gst" numeric(14, 2) NOT NULL,
	"paid_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"status" varchar(16) NOT NULL,
	"payment_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "actual_commissions_status" CHECK ("actual_commissions"."status" in ('pending', 'confirmed', 'paid', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "booking_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(150) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"agent_id" integer,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_reference" varchar(64) NOT NULL,
	"trip_number" varchar(64),
	"customer_name" varchar(255) NOT NULL,
	"booking_date" date NOT NULL,
	"booking_amount" numeric(14, 2) NOT NULL,
	"expected_commission" numeric(14, 2) NOT NULL,
	"commission_percentage" numeric(7, 4) NOT NULL,
	"rate_source" varchar(16) NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"notes" text,
	"is_personal" boolean DEFAULT false NOT NULL,
	"is_group_booking" boolean DEFAULT false NOT NULL,
	"booking_group_id" integer,
	"primary_agent_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"is_sub_agent" boolean DEFAULT false NOT NULL,
	"parent_agent_id" integer,
	"sub_agent_id" integer,
	"split_percentage" numeric(7, 4),
	"paid_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"remaining_amount" numeric(14, 2) GENERATED ALWAYS AS (booking_amount - paid_amount) STORED,
	"is_reconciled" boolean DEFAULT false NOT NULL,
	"is_claimed_booking" boolean DEFAULT false NOT NULL,
	"booking_receipt_file_id" integer,
	"cancellation_note" text,
	"cancelled_at" timestamp with time zone,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_status" CHECK ("bookings"."status" in ('pending', 'confirmed', 'partial', 'completed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "commission_rule_suppliers" (
	"rule_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"commission_type" varchar(8) NOT NULL,
	"general_id" integer NOT NULL,
	CONSTRAINT "commission_rule_suppliers_rule_id_supplier_id_pk" PRIMARY KEY("rule_id","supplier_id")
);
--> statement-breakpoint
CREATE TABLE "commission_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"commission_type" varchar(8) NOT NULL,
	"general_id" integer NOT NULL,
	"percentage" numeric(7, 4) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_rules_type" CHECK ("commission_rules"."commission_type" in ('tier', 'agent')),
	CONSTRAINT "commission_rules_percentage_range" CHECK ("commission_rules"."percentage" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"filename" varchar(255) NOT NULL,
	"mimetype" varchar(100) NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"uploaded_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "actual_commissions" ADD CONSTRAINT "actual_commissions_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "actual_commissions" ADD CONSTRAINT "actual_commissions_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_groups" ADD CONSTRAINT "booking_groups_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_groups" ADD CONSTRAINT "booking_groups_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_booking_group_id_booking_groups_id_fk" FOREIGN KEY ("booking_group_id") REFERENCES "public"."booking_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_primary_agent_id_agents_id_fk" FOREIGN KEY ("primary_agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_parent_agent_id_agents_id_fk" FOREIGN KEY ("parent_agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_sub_agent_id_agents_id_fk" FOREIGN KEY ("sub_agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_booking_receipt_file_id_stored_files_id_fk" FOREIGN KEY ("booking_receipt_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_rule_suppliers" ADD CONSTRAINT "commission_rule_suppliers_rule_id_commission_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."commission_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_rule_suppliers" ADD CONSTRAINT "commission_rule_suppliers_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "actual_commissions_booking_agent_key" ON "actual_commissions" USING btree ("booking_id","agent_id");--> statement-breakpoint
CREATE INDEX "actual_commissions_agent_status_idx" ON "actual_commissions" USING btree ("agent_id","status");--> statement-breakpoint
CREATE INDEX "booking_groups_agent_idx" ON "booking_groups" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "bookings_date_idx" ON "bookings" USING btree ("booking_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bookings_agent_date_idx" ON "bookings" USING btree ("primary_agent_id","booking_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bookings_sub_agent_idx" ON "bookings" USING btree ("sub_agent_id");--> statement-breakpoint
CREATE INDEX "bookings_supplier_date_idx" ON "bookings" USING btree ("supplier_id","booking_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bookings_status_date_idx" ON "bookings" USING btree ("status","booking_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bookings_group_idx" ON "bookings" USING btree ("booking_group_id");--> statement-breakpoint
CREATE INDEX "bookings_supplier_reference_idx" ON "bookings" USING btree ("supplier_id",upper(btrim("booking_reference")));--> statement-breakpoint
CREATE INDEX "bookings_reference_trgm_idx" ON "bookings" USING gin ("booking_reference" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "bookings_customer_trgm_idx" ON "bookings" USING gin ("customer_name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "commission_rule_suppliers_owner_supplier_key" ON "commission_rule_suppliers" USING btree ("commission_type","general_id","supplier_id");--> statement-breakpoint
CREATE INDEX "commission_rules_owner_idx" ON "commission_rules" USING btree ("commission_type","general_id");