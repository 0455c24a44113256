CREATE TABLE "scim_connections" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"connection_name" text NOT NULL,
	"source" text NOT NULL,
	"sync_to_user_management" boolean DEFAULT true NOT NULL,
	"token_hash" text NOT NULL,
	"last_sync" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scim_connections_token_hash_key" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "scim_request_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"connection_id" text NOT NULL,
	"method" text NOT NULL,
	"resource" text NOT NULL,
	"status" integer NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scim_resources" (
	"connection_id" text NOT NULL,
	"resource_type" text NOT NULL,
	"resource_id" text NOT NULL,
	"external_id" text,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scim_resources_pkey" PRIMARY KEY("connection_id","resource_type","resource_id")
);
--> statement-breakpoint
CREATE TABLE "sso_config_domains" (
	"id" text PRIMARY KEY NOT NULL,
	"config_id" text NOT NULL,
	"domain" text NOT NULL,
	"txt_record" text NOT NULL,
	"validated" boolean DEFAULT false NOT NULL,
	"validated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_config_domains_config_id_domain_key" UNIQUE("config_id","domain")
);
--> statement-breakpoint
CREATE TABLE "sso_config_settings" (
	"config_id" text PRIMARY KEY NOT NULL,
	"sign_request" boolean DEFAULT false NOT NULL,
	"metadata_xml" text,
	"metadata_url" text,
	"legacy_domain" text,
	"legacy_verification" text,
	"legacy_validated" boolean DEFAULT false NOT NULL,
	"is_legacy_saml" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_group_mappings" (
	"id" text PRIMARY KEY NOT NULL,
	"config_id" text NOT NULL,
	"group" text NOT NULL,
	"role_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_group_mappings_config_id_group_key" UNIQUE("config_id","group")
);
--> statement-breakpoint
CREATE TABLE "user_sources" (
	"user_id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"provider" text NOT NULL,
	"managed_by" text DEFAULT 'frontegg' NOT NULL,
	"source_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_sources_pkey" PRIMARY KEY("user_id","tenant_id")
);
--> statement-breakpoint
ALTER TABLE "scim_connections" ADD CONSTRAINT "scim_connections_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scim_request_log" ADD CONSTRAINT "scim_request_log_connection_id_fkey" FOREIGN KEY ("connection_id") REFERENCES "public"."scim_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scim_resources" ADD CONSTRAINT "scim_resources_connection_id_fkey" FOREIGN KEY ("connection_id") REFERENCES "public"."scim_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_config_domains" ADD CONSTRAINT "sso_config_domains_config_id_fkey" FOREIGN KEY ("config_id") REFERENCES "public"."sso_configurations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_config_settings" ADD CONSTRAINT "sso_config_settings_config_id_fkey" FOREIGN KEY ("config_id") REFERENCES "public"."sso_configurations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_group_mappings" ADD CONSTRAINT "sso_group_mappings_config_id_fkey" FOREIGN KEY ("config_id") REFERENCES "public"."sso_configurations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_sources" ADD CONSTRAINT "user_sources_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_sources" ADD CONSTRAINT "user_sources_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scim_request_log_connection_id_id_idx" ON "scim_request_log" USING btree ("connection_id","id");--> statement-breakpoint
CREATE INDEX "scim_resources_connection_id_resource_type_name_idx" ON "scim_resources" USING btree ("connection_id","resource_type","name");