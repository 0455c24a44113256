CREATE TABLE "saml_assertion_ids" (
	"idp_entity_id" text NOT NULL,
	"assertion_id" text NOT NULL,
	"config_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "saml_assertion_ids_pkey" PRIMARY KEY("idp_entity_id","assertion_id")
);
--> statement-breakpoint
CREATE INDEX "saml_assertion_ids_expires_at_idx" ON "saml_assertion_ids" USING btree ("expires_at");