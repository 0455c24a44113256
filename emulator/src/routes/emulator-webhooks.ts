/**
 * Test helpers of the webhooks (issue 33; no token, like every `/_emulator` route):
 *
 * - `POST /_emulator/events { key, tenantId? (default the seeded account), payload? }` emits event `key` (one of the 22
 *   of events/emit.ts) as an action would, at the emulator clock's now, to every sink (the webhooks' queue among
 *   them): 201 `{ key, tenantId }`. The default payload: `{ user: { id, email, name } of the account's first admin,
 *   eventContext: { tenantId, userId } }`.
 * - `PUT /_emulator/receivers/{name} { answers?: [{ status, body?, headers? }], fallback? }` starts a test receiver
 *   afresh (webhooks/receivers.ts): `{}`.
 * - `POST /_emulator/receivers/{name}`: the receiver — records the request and answers the next scripted answer, then
 *   the fallback (200 `ok`). A webhook's URL: `<the emulator's origin>/_emulator/receivers/{name}`. It runs outside any
 *   database transaction (app.ts), so a request the emulator sends itself while it holds one (`POST /webhook/test`)
 *   is answered.
 * - `GET /_emulator/receivers/{name}` → `{ requests: [{ at, method, headers, body }] }`, oldest first.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { and, asc, eq } from 'drizzle-orm';
import type { AppEnv } from '../http/env.ts';
import { parseBody } from '../http/body.ts';
import { idParams } from '../http/params.ts';
import { emulatorDate } from '../clock.ts';
import { SEED } from '../db/seed.ts';
import { userTenants, users } from '../db/schema.ts';
import { EVENT_KEYS, emitEvent } from '../events/emit.ts';
import { receive, receivedBy, scriptReceiver } from '../webhooks/receivers.ts';

export const webhookEmulatorRoutes = new Hono<AppEnv>();

const answer = z.object({
  status: z.number().int().min(100).max(599),
  body: z.string().max(65_536).optional(),
  headers: z.record(z.string(), z.string()).optional(),
});

webhookEmulatorRoutes.post('/events', async (c) => {
  const body = await parseBody(
    c,
    z.object({
      key: z.enum(EVENT_KEYS, { message: 'key must be one of the 22 event keys' }),
      tenantId: z.string().min(1).optional(),
      payload: z.record(z.string(), z.unknown()).optional(),
    }),
  );
  const db = c.var.db;
  const tenantId = body.tenantId ?? SEED.tenantId;
  let payload = body.payload;
  if (!payload) {
    const [user] = await db
      .select({ id: users.id, email: users.email, name: users.name })
      .from(users)
      .innerJoin(userTenants, and(eq(userTenants.userId, users.id), eq(userTenants.tenantId, tenantId)))
      .orderBy(asc(users.createdAt))
      .limit(1);
    payload = { user: user ?? null, eventContext: { tenantId, userId: user?.id ?? null } };
  }
  await emitEvent(db, { tenantId, key: body.key, payload, at: await emulatorDate(db) });
  return c.json({ key: body.key, tenantId }, 201);
});

webhookEmulatorRoutes.put('/receivers/:name', idParams('name'), async (c) => {
  const body = await parseBody(c, z.object({ answers: z.array(answer).max(100).optional(), fallback: answer.optional() }));
  scriptReceiver(c.var.rt, c.req.param('name'), body.answers ?? [], body.fallback);
  return c.json({});
});

webhookEmulatorRoutes.post('/receivers/:name', idParams('name'), async (c) => {
  const headers = Object.fromEntries(c.req.raw.headers.entries());
  const a = receive(c.var.rt, c.req.param('name'), { method: c.req.method, headers, body: await c.req.text() });
  return c.body(a.body ?? '', a.status as 200, { 'content-type': 'text/plain', ...a.headers });
});

webhookEmulatorRoutes.get('/receivers/:name', idParams('name'), (c) => c.json({ requests: receivedBy(c.var.rt, c.req.param('name')) }));
