/**
 * Admin routes of the usage section (issue 32; api-contract §AB): scaffolded by `npm run new:section`, its billing
 * routes land here. Reads need `fe.usage.read` (403 `Not authorized`).
 */
import { Hono } from 'hono';
import type { AppEnv } from '../../http/env.ts';

export const adminUsageRoutes = new Hono<AppEnv>();
