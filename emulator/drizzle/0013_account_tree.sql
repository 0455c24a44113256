ALTER TABLE "tenants" ADD COLUMN "sub_account_access_type" text DEFAULT 'defaultOff' NOT NULL;--> statement-breakpoint
CREATE INDEX "tenants_name_trgm_idx" ON "tenants" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_sub_account_access_type_check" CHECK ("tenants"."sub_account_access_type" in ('defaultOff', 'defaultOn', 'alwaysOn'));