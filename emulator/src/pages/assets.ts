/**
 * Static assets of the emulator's own HTML pages (their CSS and JS live in files next to this module, so
 * the pages need no inline script or style under their CSP, http/csp.ts). Only the files listed here are
 * served: no general file serving.
 */
import { readFile } from 'node:fs/promises';
import type { Context } from 'hono';

const TYPES = { css: 'text/css; charset=utf-8', js: 'text/javascript; charset=utf-8' } as const;

/** A handler answering the page asset `name` (a file in emulator/src/pages/). */
export function pageAsset(name: 'hosted-login.css' | 'hosted-login.js' | 'hosted-portal.js' | 'outbox.css' | 'card-challenge.css' | 'card-challenge.js') {
  const type = TYPES[name.endsWith('.js') ? 'js' : 'css'];
  const url = new URL(`./${name}`, import.meta.url);
  return async (c: Context) => {
    const body = await readFile(url);
    return c.body(body, 200, { 'content-type': type, 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' });
  };
}
