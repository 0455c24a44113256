/**
 * Provisioning routes of the signed-in account (issue 23; api-contract §W). Being built.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../../http/env.ts';

export const adminProvisioningRoutes = new Hono<AppEnv>();
