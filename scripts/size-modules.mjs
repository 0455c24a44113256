/**
 * Where the bytes before an element's first input come from: builds the elements (full, or `--lite`) with source
 * maps into a temporary folder, takes the entry's static import graph (scripts/size.mjs) and gives every source
 * module its share — minified bytes, and the gzip bytes of the graph split in proportion to them (gzip works on the
 * whole file, so a module's share is an estimate; the total is exact). Bytes no module claims (the CSS strings of
 * vanilla-extract, the chunk's import and export lists) are `(generated)`. The total is a few bytes above
 * scripts/size.mjs's: these files end with a `sourceMappingURL` comment.
 * Usage: node scripts/size-modules.mjs [--lite] [entry=fe-login-box] [rows=40]
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { build } from 'vite';
import { staticGraph } from './size.mjs';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * The segments of a source map's `mappings`, line by line: `[generatedColumn, sourceIndex?]` (source map v3: Base64
 * VLQ, fields relative to the previous segment; the column restarts on each line, the source index does not).
 */
export function decodeMappings(mappings) {
  const lines = [];
  let source = 0;
  for (const line of mappings.split(';')) {
    const segments = [];
    let column = 0;
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const fields = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = BASE64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = shift = 0;
        }
      }
      column += fields[0];
      if (fields.length > 1) source += fields[1];
      segments.push(fields.length > 1 ? [column, source] : [column]);
    }
    lines.push(segments);
  }
  return lines;
}

/** Minified bytes of `file` per source module (by its source map; a file without one is all `(generated)`), as a Map of module path → bytes. */
export function bytesBySource(file, root) {
  const text = readFileSync(file, 'utf8');
  if (!existsSync(`${file}.map`)) return new Map([['(generated)', Buffer.byteLength(text)]]);
  const code = text.split('\n');
  const map = JSON.parse(readFileSync(`${file}.map`, 'utf8'));
  const names = map.sources.map((s) => relative(root, join(file, '..', s)).replace(/^.*node_modules\//, ''));
  const bytes = new Map();
  decodeMappings(map.mappings).forEach((segments, line) => {
    const text = code[line] ?? '';
    segments.forEach(([column, source], i) => {
      const name = source === undefined ? '(generated)' : names[source];
      bytes.set(name, (bytes.get(name) ?? 0) + (segments[i + 1]?.[0] ?? text.length) - column);
    });
  });
  return bytes;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop())) {
  const args = process.argv.slice(2);
  const lite = args.includes('--lite');
  const [entry = 'fe-login-box', rows = '40'] = args.filter((a) => a !== '--lite');
  const root = process.cwd();
  const outDir = mkdtempSync(join(tmpdir(), 'fe-size-'));
  try {
    await build({ configFile: lite ? 'vite.lite.config.ts' : 'vite.config.ts', logLevel: 'warn', build: { outDir, sourcemap: true } });
    const files = staticGraph(join(outDir, `${entry}.js`));
    const gzip = files.reduce((n, f) => n + f.gzip, 0);
    const bytes = new Map();
    for (const f of files) for (const [name, n] of bytesBySource(f.file, root)) bytes.set(name, (bytes.get(name) ?? 0) + n);
    const minified = [...bytes.values()].reduce((a, b) => a + b, 0);
    console.log(`${lite ? 'fe-elements/lite' : 'fe-elements'} ${entry} before its first input: ${gzip} bytes gzip in ${files.length} files, ${bytes.size} modules`);
    console.log('  minified B   ~gzip B  module');
    for (const [name, n] of [...bytes].sort((a, b) => b[1] - a[1]).slice(0, Number(rows))) {
      console.log(`  ${String(n).padStart(10)} ${String(Math.round((n / minified) * gzip)).padStart(9)}  ${name}`);
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
