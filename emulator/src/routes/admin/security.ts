/**
 * The security center's routes (api-contract R; admin spec §2 "Security center", AB-3.29–3.32, AB-7.37): the
 * recommendations with the security score and the insights of the caller's account, computed on every call from its
 * real data by the emulator's clock (security-center.ts). Both need `fe.secure.read.securityPolicy` (403
 * `Not authorized`). Reads only: the security center's actions are other routes (the bulk reset of breached passwords
 * in routes/passwords.ts, the session configurations in routes/admin/sessions.ts), and its three tables are the users
 * list's presets (routes/admin/users.ts).
 */
import { Hono } from 'hono';
import type { AppEnv } from '../../http/env.ts';
import { guard } from '../../http/auth.ts';
import { requirePermission } from '../../http/permissions.ts';
import { emulatorNow } from '../../clock.ts';
import { insightsOf, recommendationsOf, securityFacts } from '../../security-center.ts';

export const adminSecurityRoutes = new Hono<AppEnv>();

const CENTER = '/security-center/resources';

guard(adminSecurityRoutes, `${CENTER}/*`);

const READ = requirePermission('fe.secure.read.securityPolicy');

/** getRecommendations: `{ scoring: { score }, recommendations: { items: [{ code, severity, category, metadata }] } }`. */
adminSecurityRoutes.get(`${CENTER}/recommendations/v1`, READ, async (c) => {
  const db = c.var.db;
  return c.json(recommendationsOf(await securityFacts(db, c.var.rt.vendorId, c.var.auth.tenantId, await emulatorNow(db))));
});

/** getInsights: `{ insights: { items: [{ code, category, metadata }] } }`. */
adminSecurityRoutes.get(`${CENTER}/insights/v1`, READ, async (c) => {
  const db = c.var.db;
  return c.json(insightsOf(await securityFacts(db, c.var.rt.vendorId, c.var.auth.tenantId, await emulatorNow(db))));
});
