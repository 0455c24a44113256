/**
 * `npm run new:section -- <id>`: writes one admin portal section end to end in the kit's shape (house-style §9,
 * issue "Admin kit" item 2), for a section id of the registry that is not built yet (`usage`, `webhooks` …), from the
 * template files in scripts/templates/section/ (see its README.md), in three parts:
 *
 * - client:   src/api/<name>.ts (the API area), src/admin/resources/<name>.ts (a paged list resource),
 *             src/admin/<name>/ (view, its styles <name>.css.ts, chunk, preview data), elements/admin/fe-admin-<name>.ts,
 *             its stories and its
 *             browser test (test/admin/<name>.test.ts);
 * - messages: its texts in English, German and Hebrew, src/admin/<name>/messages/<lang>.ts (German and Hebrew start
 *             as English: translate them);
 * - emulator: the route module (emulator/src/routes/admin/<name>.ts: list, add), its test, its table (schema.ts) and
 *             migration, generated from schema.ts by drizzle-kit (emulator/drizzle/) — only for an area no route
 *             module serves yet: the registry's `api` names the module that serves a section when it is another
 *             area's (allAccounts → emulator/src/routes/admin/hierarchy.ts), and then only the client side is written.
 *
 * Existing files change only at their `// new:section …` marker comments: the section's entry in the registry
 * (src/admin/shell/sections.ts, the marker `// new:section <id>` inside it: the one list a section edits), the route
 * module's import and mount (emulator/src/app.ts), its table and its place in `resettableTables` (emulator/src/db/
 * schema.ts). No test and no other list needs an edit: they read the registry (test/node/new-section.test.ts proves
 * it). The element's export in elements/index.ts follows its convention (`FeAdmin<Name>Element` from
 * `./admin/fe-admin-<name>.ts`, checked by test/node/build.test.ts); its package entries need no edit
 * (`fe-elements/fe-admin-<name>`, `fe-elements/lite/fe-admin-<name>`: package.json `exports` patterns).
 * `<id>` is the registry's camelCase id; files use its kebab-case name (`allAccounts` → `all-accounts`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The template files: `<part>/files/<path in the project>.tmpl` and `<part>/markers/<marker>.tmpl`. */
export const TEMPLATES = join(dirname(fileURLToPath(import.meta.url)), 'templates', 'section');

/** The parts of a section, in the order they are written; `emulator` only for an area no route module serves. */
export const PARTS = ['client', 'messages', 'emulator'];

/** The languages of the catalogue: English is the source, the others start as a copy of it. */
const LANGUAGES = { de: 'German', he: 'Hebrew' };

/**
 * The markers of `<part>/markers/<name>.tmpl`: the file that has it, and its comment (`// new:section <name>`, or the
 * section's own marker in its registry entry, replaced by what the parts put there).
 */
const MARKERS = {
  registry: (n) => ({ path: 'src/admin/shell/sections.ts', marker: `// new:section ${n.id}`, replace: true }),
  'route-imports': () => ({ path: 'emulator/src/app.ts', marker: '// new:section route-imports' }),
  'route-mounts': () => ({ path: 'emulator/src/app.ts', marker: '// new:section route-mounts' }),
  'resettable-tables': () => ({ path: 'emulator/src/db/schema.ts', marker: '// new:section resettable-tables' }),
  tables: () => ({ path: 'emulator/src/db/schema.ts', marker: '// new:section tables' }),
};

/** `allAccounts` → `{ id: 'allAccounts', kebab: 'all-accounts', camel: 'allAccounts', pascal: 'AllAccounts', snake: 'all_accounts', upper: 'ALL_ACCOUNTS' }`. */
export function namesOf(id) {
  if (!/^[a-z][a-zA-Z0-9]*$/.test(id)) throw new Error(`a section id is camelCase (e.g. webhooks, allAccounts), not "${id}"`);
  const kebab = id.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  const snake = kebab.replace(/-/g, '_');
  return { id, kebab, camel: id, pascal: id[0].toUpperCase() + id.slice(1), snake, upper: snake.toUpperCase() };
}

/** The values of a template's placeholders (`__kebab__`, `__Pascal__` …) for section `id` with permission `keys`. */
function placeholders(id, keys) {
  const n = namesOf(id);
  return {
    kebab: n.kebab,
    camel: n.camel,
    Pascal: n.pascal,
    UPPER: n.upper,
    snake: n.snake,
    // the section's title: `allAccounts` → `All accounts`
    Title: n.pascal.replace(/(?!^)[A-Z]/g, (m) => ` ${m.toLowerCase()}`),
    readKey: keys.read[0] ?? '',
    writeKey: keys.write[0] ?? keys.read[0] ?? '',
  };
}

/** Fills a template's placeholders; a placeholder without a value is an error (a template out of step with this script). */
function fill(text, values) {
  return text.replace(/__(kebab|camel|Pascal|UPPER|snake|Title|readKey|writeKey|lang|Language)__/g, (m, name) => {
    if (values[name] === undefined) throw new Error(`no value for ${m}`);
    return values[name];
  });
}

/** Every file below `dir`, as paths relative to it. */
function filesBelow(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath ?? e.path, e.name)))
    .sort();
}

/**
 * The files of section `id` from the templates of `parts`: project path → content. `keys` are its registry
 * permission keys ({ read, write }). A template whose path has `__lang__` is written once per language but English.
 */
export function sectionFiles(id, keys, { parts = PARTS } = {}) {
  const values = placeholders(id, keys);
  const out = {};
  for (const part of parts)
    for (const template of filesBelow(join(TEMPLATES, part, 'files'))) {
      const text = readFileSync(join(TEMPLATES, part, 'files', template), 'utf8');
      const path = template.replace(/\.tmpl$/, '');
      const langs = path.includes('__lang__') ? Object.entries(LANGUAGES) : [[undefined, undefined]];
      for (const [lang, Language] of langs) out[fill(path, { ...values, lang })] = fill(text, { ...values, lang, Language });
    }
  return out;
}

/** What `parts` put at the markers of existing files: `{ path, marker, replace, text }`, the parts of one marker joined. */
export function sectionMarkers(id, keys, { parts = PARTS } = {}) {
  const values = placeholders(id, keys);
  const at = new Map();
  for (const part of parts)
    for (const template of filesBelow(join(TEMPLATES, part, 'markers'))) {
      const name = template.replace(/\.tmpl$/, '');
      if (!MARKERS[name]) throw new Error(`${part}/markers/${template}: no marker "${name}" (scripts/new-section.mjs MARKERS)`);
      const place = MARKERS[name](namesOf(id));
      const key = `${place.path} ${place.marker}`;
      const text = fill(readFileSync(join(TEMPLATES, part, 'markers', template), 'utf8'), values);
      at.set(key, { ...place, text: (at.get(key)?.text ?? '') + text });
    }
  return [...at.values()];
}

/**
 * Puts `text` at the line of `marker` in `source`: above it (the marker stays for the next section), or in its place
 * (`replace`: a marker of this section only), indented as the marker.
 * @throws Error when the marker is not there (once: two would be ambiguous)
 */
export function atMarker(source, { marker, replace = false, text }, path = 'the file') {
  const lines = source.split('\n');
  const found = lines.flatMap((line, i) => (line.trim() === marker || line.trim().startsWith(`${marker} `) ? [i] : []));
  if (found.length !== 1) throw new Error(`${path}: ${found.length ? 'more than one' : 'no'} marker "${marker}"`);
  const [i] = found;
  const indent = /^\s*/.exec(lines[i])[0];
  const added = text
    .replace(/\n$/, '')
    .split('\n')
    .map((line) => (line ? indent + line : line));
  lines.splice(i, replace ? 1 : 0, ...added);
  return lines.join('\n');
}

/**
 * The section element's export in elements/index.ts (the `fe-elements` entry), by its convention: `FeAdmin<Name>Element`
 * from `./admin/fe-admin-<name>.ts`, after the others (test/node/build.test.ts checks every section has it). Its
 * package entries are package.json `exports` patterns (`./fe-admin-*`, `./lite/fe-admin-*`): nothing to add there.
 */
function addElementExport(root, { kebab: k, pascal: P }) {
  const path = 'elements/index.ts';
  const text = readFileSync(join(root, path), 'utf8');
  const line = `export { FeAdmin${P}Element } from './admin/fe-admin-${k}.ts';`;
  if (text.includes(line)) return [path];
  const lines = text.split('\n');
  const at = lines.findLastIndex((l) => /^export \{ FeAdmin\w+Element \} from '\.\/admin\//.test(l)) + 1;
  if (at <= 0) throw new Error(`${path}: no place for ${line}`);
  lines.splice(at, 0, line);
  writeFileSync(join(root, path), lines.join('\n'));
  return [path];
}

/**
 * The emulator route module that serves section `info` (`emulator/src/routes/admin/<area>.ts`): the registry's `api`,
 * else the section's own kebab-case name; `served` when that module exists.
 * @throws Error when the registry names a module that is not there
 */
export function emulatorAreaOf(root, info) {
  const area = info.api ?? namesOf(info.id).kebab;
  const module = `emulator/src/routes/admin/${area}.ts`;
  const served = existsSync(join(root, module));
  if (info.api && !served) throw new Error(`the registry says ${module} serves ${info.id}, but there is no such module`);
  return { area, module, served };
}

/**
 * Writes section `id` into the project at `root` and registers it at the markers. Refuses an unknown id, a built
 * section, or existing files. Returns the paths written or edited, and the emulator area that serves the section.
 */
export async function writeSection(root, id, { sections } = {}) {
  const names = namesOf(id);
  const registry = sections ?? (await import(join(root, 'src/admin/shell/sections.ts'))).SECTIONS;
  const info = registry[id];
  if (!info) throw new Error(`"${id}" is not a section of the registry (src/admin/shell/sections.ts SECTION_IDS)`);
  if (info.built) throw new Error(`the ${id} section is built already`);
  const keys = { read: [...info.permissions], write: [...info.write] };
  // an API area a route module serves already: the client side only
  const area = emulatorAreaOf(root, info);
  const parts = area.served ? PARTS.filter((p) => p !== 'emulator') : PARTS;
  const files = sectionFiles(id, keys, { parts });
  for (const path of Object.keys(files)) if (existsSync(join(root, path))) throw new Error(`${path} exists already`);
  const markers = sectionMarkers(id, keys, { parts });
  // every marker is found before anything is written
  const edited = new Map();
  for (const place of markers) {
    const source = edited.get(place.path) ?? readFileSync(join(root, place.path), 'utf8');
    edited.set(place.path, atMarker(source, place, place.path));
  }
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  for (const [path, content] of edited) writeFileSync(join(root, path), content);
  const written = [...Object.keys(files), ...edited.keys(), ...addElementExport(root, names)];
  // the project's formatter (Prettier) has the last word on layout
  spawnSync(process.execPath, [join(root, 'node_modules/prettier/bin/prettier.cjs'), '--write', '--log-level', 'warn', ...written], { cwd: root, stdio: 'inherit' });
  if (!area.served) {
    // the new table's migration, generated from schema.ts by drizzle-kit (offline): emulator/drizzle/NNNN_<name>_items.sql
    const kit = spawnSync(process.execPath, [join(root, 'node_modules/drizzle-kit/bin.cjs'), 'generate', '--name', `${names.snake}_items`], {
      cwd: join(root, 'emulator'),
      encoding: 'utf8',
    });
    if (kit.status !== 0) throw new Error(`drizzle-kit generate failed: ${kit.stderr || kit.stdout}`);
    written.push('emulator/drizzle/');
  }
  return { written, area };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const id = process.argv[2];
  if (!id) {
    console.error('usage: npm run new:section -- <section id>   (a section of src/admin/shell/sections.ts not built yet, e.g. webhooks)');
    process.exit(2);
  }
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  try {
    const { written, area } = await writeSection(root, id);
    console.log(`Section ${id}:\n${written.map((f) => `  ${f}`).join('\n')}`);
    if (area.served) console.log(`\nIts API is served by ${area.module} already: point the calls of src/api/${namesOf(id).kebab}.ts at the paths it serves.`);
    console.log(`\nNext: translate src/admin/${namesOf(id).kebab}/messages/{de,he}.ts, run npm run analyze, then npm test.`);
  } catch (error) {
    console.error(`new:section: ${error.message}`);
    process.exit(1);
  }
}
