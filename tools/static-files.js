/**
 * Serving files of a folder: the content type of a file by its extension, and the file a URL path names inside a
 * folder (never outside it). Shared by the examples' host (tools/spa-host.js), the pack test's page server and the
 * entitlements bench.
 */
import { stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

/** The `content-type` of `file` by its extension (`application/octet-stream` when unknown). */
export function contentType(file) {
  return TYPES[extname(file)] ?? 'application/octet-stream';
}

/** The file the URL `path` (still percent-encoded) names inside `dir`, or null: no way out of `dir`, files only. */
export async function fileIn(dir, path) {
  let rel;
  try {
    rel = decodeURIComponent(path);
  } catch {
    return null;
  }
  if (rel.includes('\0')) return null;
  const root = resolve(dir);
  const file = resolve(root, `.${rel}`);
  if (!file.startsWith(root + sep)) return null;
  const info = await stat(file).catch(() => null);
  return info?.isFile() ? file : null;
}
