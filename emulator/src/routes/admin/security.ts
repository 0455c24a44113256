/**
 * The security center (api-contract §R; admin spec §2, §3 AB-3.29–3.33): recommendations with a score, insights, and
 * the tables and actions behind them. Mounted in app.ts.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../../http/env.ts';

export const securityCenterRoutes = new Hono<AppEnv>();
