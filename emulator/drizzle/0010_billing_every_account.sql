-- Every account has its billing from the moment it exists (issue 32 item 1; api-contract AB): a billing configuration,
-- a subscription on the vendor's default plan (status active, the period its creation month: created_at + 1 month)
-- and the grant of that plan's entitlements (`billing:<tenantId>`, entitlement_grants). One trigger on tenants, so no
-- creation path is missed (the seed, seed files, sign-up, sub-accounts, SSO provisioning, /_emulator/tenants).
-- Without a default plan yet (the base seed writes the tenant before the billing seed) only the configuration is
-- made; src/billing/seed.ts calls billing_open_account for every tenant once the plans exist.
CREATE OR REPLACE FUNCTION billing_open_account(p_tenant_id text, p_created_at timestamptz) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_plan_id text;
  v_entitlement_plan_id text;
BEGIN
  INSERT INTO billing_tenant_configs (tenant_id, id) VALUES (p_tenant_id, gen_random_uuid()::text) ON CONFLICT DO NOTHING;
  SELECT id, entitlement_plan_id INTO v_plan_id, v_entitlement_plan_id FROM billing_plans WHERE is_default ORDER BY tier, id LIMIT 1;
  IF v_plan_id IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO billing_subscriptions (id, external_id, tenant_id, plan_id, status, start_date, current_period_start, current_period_end, updated_at)
  VALUES (gen_random_uuid()::text, 'sub_' || replace(gen_random_uuid()::text, '-', ''), p_tenant_id, v_plan_id, 'active',
          p_created_at, p_created_at, p_created_at + interval '1 month', p_created_at)
  ON CONFLICT DO NOTHING;
  IF FOUND AND v_entitlement_plan_id IS NOT NULL THEN
    INSERT INTO entitlement_grants (id, tenant_id, plan_id, created_at)
    VALUES ('billing:' || p_tenant_id, p_tenant_id, v_entitlement_plan_id, p_created_at)
    ON CONFLICT DO NOTHING;
  END IF;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION billing_tenant_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM billing_open_account(NEW.tenant_id, NEW.created_at);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER tenants_billing_open_account AFTER INSERT ON tenants FOR EACH ROW EXECUTE FUNCTION billing_tenant_inserted();
--> statement-breakpoint
SELECT billing_open_account(tenant_id, created_at) FROM tenants;
