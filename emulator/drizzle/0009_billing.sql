CREATE TABLE "billing_invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"external_id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"subscription_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"payment_date" timestamp with time zone NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"total_amount" integer NOT NULL,
	"currency" text NOT NULL,
	"paid" boolean NOT NULL,
	"receipt_number" text NOT NULL,
	CONSTRAINT "billing_invoices_receipt_number_key" UNIQUE("receipt_number")
);
--> statement-breakpoint
CREATE TABLE "billing_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"external_id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"type" text DEFAULT 'card' NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"last4" text DEFAULT '' NOT NULL,
	"exp_month" integer DEFAULT 0 NOT NULL,
	"exp_year" integer DEFAULT 0 NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"billing_details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"fails_charges" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_plans" (
	"id" text PRIMARY KEY NOT NULL,
	"external_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"slug" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"recurring_interval" text DEFAULT 'month' NOT NULL,
	"tier" integer NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"entitlement_plan_id" text,
	"limits" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_plans_slug_key" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "billing_settings" (
	"vendor_id" text PRIMARY KEY NOT NULL,
	"allow_plan_downgrade" boolean DEFAULT true NOT NULL,
	"allow_plan_cancellation" boolean DEFAULT true NOT NULL,
	"provider" text,
	"provider_name" text DEFAULT 'Stripe' NOT NULL,
	"publishable_key" text,
	"trial_days" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_setup_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"client_secret_hash" text NOT NULL,
	"status" text DEFAULT 'requires_payment_method' NOT NULL,
	"pending_card" jsonb,
	"payment_method_id" text,
	"last_error" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"external_id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"cancellation_policy" text,
	"trial_end" timestamp with time zone,
	"payment_method_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_subscriptions_tenant_id_key" UNIQUE("tenant_id")
);
--> statement-breakpoint
CREATE TABLE "billing_tenant_configs" (
	"tenant_id" text PRIMARY KEY NOT NULL,
	"id" text NOT NULL,
	"externally_managed" boolean DEFAULT false NOT NULL,
	"managed_by" text,
	"provider_type" text DEFAULT 'Stripe' NOT NULL,
	"mapping_id" text,
	"stripe_customer_id" text,
	CONSTRAINT "billing_tenant_configs_id_key" UNIQUE("id")
);
--> statement-breakpoint
ALTER TABLE "billing_invoices" ADD CONSTRAINT "billing_invoices_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_invoices" ADD CONSTRAINT "billing_invoices_subscription_id_fkey" FOREIGN KEY ("subscription_id") REFERENCES "public"."billing_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payment_methods" ADD CONSTRAINT "billing_payment_methods_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_plans" ADD CONSTRAINT "billing_plans_entitlement_plan_id_fkey" FOREIGN KEY ("entitlement_plan_id") REFERENCES "public"."entitlement_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_setup_intents" ADD CONSTRAINT "billing_setup_intents_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD CONSTRAINT "billing_subscriptions_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD CONSTRAINT "billing_subscriptions_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "public"."billing_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD CONSTRAINT "billing_subscriptions_payment_method_id_fkey" FOREIGN KEY ("payment_method_id") REFERENCES "public"."billing_payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_tenant_configs" ADD CONSTRAINT "billing_tenant_configs_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_invoices_tenant_payment_date_idx" ON "billing_invoices" USING btree ("tenant_id","payment_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "billing_payment_methods_tenant_id_idx" ON "billing_payment_methods" USING btree ("tenant_id");