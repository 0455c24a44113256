CREATE TABLE "application_tenants" (
	"app_id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"access_type" text DEFAULT 'MANAGED_ACCESS' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_tenants_pkey" PRIMARY KEY("app_id","tenant_id"),
	CONSTRAINT "application_tenants_access_type_check" CHECK (access_type in ('FREE_ACCESS', 'MANAGED_ACCESS'))
);
--> statement-breakpoint
CREATE TABLE "application_users" (
	"app_id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_users_pkey" PRIMARY KEY("app_id","tenant_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" text PRIMARY KEY NOT NULL,
	"vendor_id" text NOT NULL,
	"name" text NOT NULL,
	"access_type" text DEFAULT 'MANAGED_ACCESS' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"app_url" text DEFAULT '' NOT NULL,
	"login_url" text DEFAULT '' NOT NULL,
	"logo_url" text DEFAULT '' NOT NULL,
	"type" text DEFAULT 'web' NOT NULL,
	"frontend_stack" text DEFAULT 'react' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"integration_finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applications_access_type_check" CHECK (access_type in ('FREE_ACCESS', 'MANAGED_ACCESS'))
);
--> statement-breakpoint
ALTER TABLE "user_tenants" ADD COLUMN "sub_account_access_allowed" boolean;--> statement-breakpoint
ALTER TABLE "application_tenants" ADD CONSTRAINT "application_tenants_app_id_fkey" FOREIGN KEY ("app_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_tenants" ADD CONSTRAINT "application_tenants_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_users" ADD CONSTRAINT "application_users_app_id_fkey" FOREIGN KEY ("app_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_users" ADD CONSTRAINT "application_users_user_id_tenant_id_fkey" FOREIGN KEY ("user_id","tenant_id") REFERENCES "public"."user_tenants"("user_id","tenant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_vendor_id_fkey" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_tenants_tenant_id_idx" ON "application_tenants" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "application_users_tenant_user_idx" ON "application_users" USING btree ("tenant_id","user_id");