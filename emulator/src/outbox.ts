/** The outbox: every email or SMS the emulator "sends" becomes a row people and tests can read. */
import { randomUUID } from 'node:crypto';
import type { Db } from './db/client.ts';
import { outbox } from './db/schema.ts';

export interface OutboxMessage {
  to: string;
  channel: 'email' | 'sms';
  subject: string;
  text: string;
  link?: string | null;
  code?: string | null;
}

export interface OutboxItem extends Required<Omit<OutboxMessage, 'link' | 'code'>> {
  id: string;
  link?: string;
  code?: string;
  createdAt: string;
}

/** Stores a message. Call it with the request's transaction so a failed request sends nothing. */
export async function send(db: Db, msg: OutboxMessage): Promise<string> {
  const id = randomUUID();
  await db.insert(outbox).values({
    id, to: msg.to, channel: msg.channel, subject: msg.subject, text: msg.text,
    link: msg.link ?? null, code: msg.code ?? null, createdAt: new Date(),
  });
  return id;
}

export function toItem(row: typeof outbox.$inferSelect): OutboxItem {
  const item: OutboxItem = { id: row.id, to: row.to, channel: row.channel, subject: row.subject, text: row.text, createdAt: row.createdAt.toISOString() };
  if (row.link) item.link = row.link;
  if (row.code) item.code = row.code;
  return item;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

export function renderHtml(items: OutboxItem[]): string {
  const rows = items.map((m) => `
  <article class="msg">
    <header><strong>${esc(m.subject)}</strong> <span class="ch">${m.channel}</span></header>
    <p class="meta">To <code>${esc(m.to)}</code> · <time datetime="${m.createdAt}">${esc(m.createdAt)}</time> · id <code>${esc(m.id)}</code></p>
    <pre>${esc(m.text)}</pre>
    ${m.link ? `<p>Link: <a href="${esc(m.link)}">${esc(m.link)}</a></p>` : ''}
    ${m.code ? `<p>Code: <code class="code">${esc(m.code)}</code></p>` : ''}
  </article>`).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Emulator outbox (${items.length})</title>
<style>
  body { font: 15px/1.5 system-ui, sans-serif; max-width: 50rem; margin: 2rem auto; padding: 0 1rem; color: #1d1d1f; }
  .msg { border: 1px solid #ccc; border-radius: 6px; padding: .75rem 1rem; margin: 1rem 0; }
  .ch { font-size: .8em; background: #eef; padding: 0 .4em; border-radius: 3px; }
  .meta { color: #555; margin: .25rem 0; }
  pre { white-space: pre-wrap; background: #f6f6f6; padding: .5rem; }
  .code { font-size: 1.3em; letter-spacing: .1em; }
</style>
</head>
<body>
<h1>Outbox</h1>
<p>${items.length} message(s), newest first. <code>DELETE /_emulator/outbox</code> clears it.</p>
${rows || '<p><em>Empty.</em></p>'}
</body>
</html>`;
}
