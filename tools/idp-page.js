/** Shared by the local identity providers of the tests (idp-oidc.js, idp-saml.js): their sign-in pages and form bodies. */

/** HTML-escapes a value for the pages. */
export const esc = (s) => String(s).replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** A minimal accessible page (targets at least 40 px) around `body`. */
export function page(title, body) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title>
<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:90vh}form{display:grid;gap:12px;min-width:280px}
input,button{font:inherit;min-height:40px;padding:0 12px}</style></head><body>${body}</body></html>`;
}

/** The `application/x-www-form-urlencoded` body of a Node request, as an object. */
export async function readForm(req) {
  const chunks = [];
  for await (const c of req) chunks.push(c);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}
