/**
 * Sso routes of the signed-in account (issue 23; api-contract §V). Being built.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../../http/env.ts';

export const adminSsoRoutes = new Hono<AppEnv>();
