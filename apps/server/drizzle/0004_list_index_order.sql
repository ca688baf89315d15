DROP INDEX "bookings_date_idx";--> statement-breakpoint
DROP INDEX "bookings_agent_date_idx";--> statement-breakpoint
DROP INDEX "bookings_supplier_date_idx";--> statement-breakpoint
DROP INDEX "bookings_status_date_idx";--> statement-breakpoint
CREATE INDEX "bookings_date_idx" ON "bookings" USING btree ("booking_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "bookings_agent_date_idx" ON "bookings" USING btree ("primary_agent_id","booking_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "bookings_supplier_date_idx" ON "bookings" USING btree ("supplier_id","booking_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "bookings_status_date_idx" ON "bookings" USING btree ("status","booking_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);