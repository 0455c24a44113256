/** `/_emulator/outbox`: the messages the emulator "sent", newest first, as JSON or HTML. */
import { Hono } from 'hono';
import { desc } from 'drizzle-orm';
import type { AppEnv } from '../http/env.ts';
import { outbox } from '../db/schema.ts';
import { renderHtml, toItem } from '../outbox.ts';

export const outboxRoutes = new Hono<AppEnv>();

outboxRoutes.get('/outbox', async (c) => {
  const items = (await c.var.db.select().from(outbox).orderBy(desc(outbox.seq))).map(toItem);
  const wantsHtml = c.req.query('format') === 'html'
    || (c.req.query('format') !== 'json' && /text\/html/.test(c.req.header('accept') ?? ''));
  return wantsHtml ? c.html(renderHtml(items)) : c.json(items);
});

outboxRoutes.delete('/outbox', async (c) => {
  await c.var.db.delete(outbox);
  return c.json({});
});
