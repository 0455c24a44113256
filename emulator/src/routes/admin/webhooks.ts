/**
 * Admin routes of the webhooks section (issue 33; api-contract §Y, §Z, §AA): scaffolded by `npm run new:section`; the
 * webhook configurations, their logs, test and retry, the event catalogue, channels, reports and notifications land
 * here (and in modules beside it). Reads need `fe.connectivity.read.webhooks` (403 `Not authorized`).
 */
import { Hono } from 'hono';
import type { AppEnv } from '../../http/env.ts';

export const adminWebhooksRoutes = new Hono<AppEnv>();
