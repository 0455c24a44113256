/** `/_emulator/outbox` (and `/_emulator/outbox.json`, always JSON): the messages the emulator "sent", newest first, as JSON or HTML (strict CSP, its CSS at `/_emulator/outbox.css`). */
import { Hono, type Context } from 'hono';
import { desc } from 'drizzle-orm';
import type { AppEnv } from '../http/env.ts';
import { outbox } from '../db/schema.ts';
import { renderHtml, toItem } from '../outbox.ts';
import { setPageSecurityHeaders } from '../http/csp.ts';
import { pageAsset } from '../pages/assets.ts';

export const outboxRoutes = new Hono<AppEnv>();

const outboxItems = async (c: Context<AppEnv>) => (await c.var.db.select().from(outbox).orderBy(desc(outbox.seq))).map(toItem);

/** Always JSON (for scripts and host tests that do not set `accept`). */
outboxRoutes.get('/outbox.json', async (c) => c.json(await outboxItems(c)));

outboxRoutes.get('/outbox', async (c) => {
  const items = await outboxItems(c);
  const wantsHtml = c.req.query('format') === 'html' || (c.req.query('format') !== 'json' && /text\/html/.test(c.req.header('accept') ?? ''));
  if (!wantsHtml) return c.json(items);
  setPageSecurityHeaders(c);
  return c.html(renderHtml(items));
});

/** The outbox page's stylesheet (emulator/src/pages/outbox.css; the page has no inline style). */
outboxRoutes.get('/outbox.css', pageAsset('outbox.css'));

outboxRoutes.delete('/outbox', async (c) => {
  await c.var.db.delete(outbox);
  return c.json({});
});
