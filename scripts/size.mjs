/**
 * Gzip size of what an entry loads before anything else happens: the entry
 * module and every chunk it imports statically, recursively (dynamic
 * imports — MFA steps, runtime theme, preview data — load later, on demand).
 * Units: KiB (1024 bytes), as the budget's reference figures are measured
 * (React 19 + react-dom + r2wc "68 KB" = about 70,000 bytes).
 * Usage: node scripts/size.mjs [entry=dist/fe-login-box.js]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

export function staticGraph(entry) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    // static imports only: `import … from "./x.js"`, `export … from "./x.js"`, `import "./x.js"`
    for (const m of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["'](\.{1,2}\/[^"']+)["']/g)) visit(join(dirname(file), m[1]));
  };
  visit(entry);
  return [...seen].map((file) => {
    const raw = readFileSync(file);
    return { file, raw: raw.length, gzip: gzipSync(raw, { level: 9 }).length };
  });
}

/** The chunk of `dir`/chunks holding a section's view (its heading id, `fe-<section>-title`), by section id. */
export function sectionChunks(dir) {
  const sections = new Map();
  for (const file of readdirSync(join(dir, 'chunks'))
    .filter((f) => f.endsWith('.js'))
    .sort()) {
    const id = /titleId:[`"]fe-([a-z-]+)-title[`"]/.exec(readFileSync(join(dir, 'chunks', file), 'utf8'))?.[1];
    if (id && !sections.has(id)) sections.set(id, join(dir, 'chunks', file));
  }
  return sections;
}

/**
 * What `<fe-admin-portal>` of the build in `dir` (`dist`, `dist/lite`) loads before the first row of `section`: its
 * static graph, then the section's chunk and the chunks that one imports statically, and its CSS chunk (its texts and
 * data load beside).
 * `portal` and `section` hold the files of each part (the section's: those the portal does not load already).
 */
export function portalWithSection(dir, section) {
  const portal = staticGraph(join(dir, 'fe-admin-portal.js'));
  const chunk = sectionChunks(dir).get(section);
  if (!chunk) throw new Error(`no chunk of the ${section} section in ${dir}/chunks`);
  const seen = new Set(portal.map((f) => f.file));
  // the section's CSS loads with its chunk (src/admin/ui/styles.ts loadSectionCss: `"../<section>/….css.ts": () =>
  // import("./x.js")` in the portal's code), so it counts too
  const portalCode = portal.map((f) => readFileSync(f.file, 'utf8')).join('\n');
  const cssChunks = [...portalCode.matchAll(new RegExp(`"\\.\\./${section}/[\\w-]+\\.css\\.ts":\\(\\)=>import\\([\`"']\\./([^\`"']+)`, 'g'))].map((m) => join(dir, 'chunks', m[1]));
  const own = [chunk, ...cssChunks].flatMap((file) => staticGraph(file)).filter((f, i, all) => !seen.has(f.file) && all.findIndex((g) => g.file === f.file) === i);
  return { portal, section: own, gzip: [...portal, ...own].reduce((n, f) => n + f.gzip, 0) };
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop())) {
  const entry = process.argv[2] ?? 'dist/fe-login-box.js';
  const files = staticGraph(entry);
  for (const f of files) console.log(`${relative('.', f.file).padEnd(44)} ${String(f.raw).padStart(8)} B  ${(f.gzip / 1024).toFixed(1).padStart(6)} KiB gzip`);
  const total = files.reduce((n, f) => n + f.gzip, 0);
  console.log(`total before the first input: ${(total / 1024).toFixed(1)} KiB gzip = ${total} bytes (budget 100 KiB = 102400 bytes)`);
}
