/** The outbox: every email or SMS the emulator "sends" becomes a row people and tests can read. */
import { randomUUID } from 'node:crypto';
import type { Db } from './db/client.ts';
import { outbox } from './db/schema.ts';
import { isHttpUrl } from './http/body.ts';
import { emulatorDate } from './clock.ts';

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
    id,
    to: msg.to,
    channel: msg.channel,
    subject: msg.subject,
    text: msg.text,
    link: msg.link ?? null,
    code: msg.code ?? null,
    createdAt: await emulatorDate(db),
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

/**
 * The outbox as an HTML page: no inline script or style (its CSP, http/csp.ts; the CSS is
 * `GET /_emulator/outbox.css`), links only to http(s) URLs, every text escaped.
 */
export function renderHtml(items: OutboxItem[]): string {
  const rows = items
    .map(
      (m) => `
  <article class="msg">
    <header><strong>${esc(m.subject)}</strong> <span class="ch">${m.channel}</span></header>
    <p class="meta">To <code>${esc(m.to)}</code> · <time datetime="${m.createdAt}">${esc(m.createdAt)}</time> · id <code>${esc(m.id)}</code></p>
    <pre>${esc(m.text)}</pre>
    ${m.link ? `<p>Link: ${isHttpUrl(m.link) ? `<a href="${esc(m.link)}">${esc(m.link)}</a>` : `<code>${esc(m.link)}</code>`}</p>` : ''}
    ${m.code ? `<p>Code: <code class="code">${esc(m.code)}</code></p>` : ''}
  </article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Emulator outbox (${items.length})</title>
<link rel="stylesheet" href="/_emulator/outbox.css">
</head>
<body>
<main>
<h1>Outbox</h1>
<p>${items.length} message(s), newest first. <code>DELETE /_emulator/outbox</code> clears it.</p>
${rows || '<p><em>Empty.</em></p>'}
</main>
</body>
</html>`;
}
