import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { concreteExports } from './exports.ts';

const root = new URL('../../', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));

test('the package is fe-elements and every exports entry points at a built file (run after `npm run build`)', () => {
  assert.equal(pkg.name, 'fe-elements');
  for (const [entry, target] of concreteExports(pkg.exports, fileURLToPath(root))) {
    const files = typeof target === 'string' ? [target] : Object.values(target);
    for (const file of files) assert.ok(existsSync(new URL(file, root)), `${entry} → ${file} exists`);
  }
});

/**
 * Issue 30 item 4: the element entries are patterns (`./fe-*`, `./fe-admin-*`, and the same under `./lite/`), so a new
 * element needs no edit of `exports`; every element module is served, from both builds, with its types, and each
 * import specifier of the lists before keeps working.
 */
test('every element module is exported by a pattern, from both builds, with its types', () => {
  const concrete = new Map(concreteExports(pkg.exports, fileURLToPath(root)));
  const elements = [
    ...readdirSync(new URL('elements/', root)).filter((f) => /^fe-[a-z-]+\.ts$/.test(f)),
    ...readdirSync(new URL('elements/admin/', root)).filter((f) => /^fe-admin-[a-z-]+\.ts$/.test(f)),
  ].map((f) => f.slice(0, -3));
  assert.ok(elements.length >= 27, `${elements.length} element modules`);
  for (const name of elements) {
    for (const [entry, dist] of [
      [`./${name}`, `./dist/${name}.js`],
      [`./lite/${name}`, `./dist/lite/${name}.js`],
    ]) {
      const target = concrete.get(entry) as Record<string, string> | undefined;
      assert.equal(target?.import, dist, `${entry} → ${dist}`);
      assert.match(target?.types ?? '', new RegExp(`/elements/(admin/)?${name}\\.d\\.ts$`), `${entry} has its types`);
    }
  }
  for (const hidden of ['./fe-elements', './lite/fe-elements']) assert.equal(concrete.has(hidden), false, `${hidden} is not an entry of its own`);
});

/** elements/index.ts (the `fe-elements` entry) exports the class of every section element by the convention. */
test('elements/index.ts exports FeAdmin<Section>Element of every elements/admin/fe-admin-<section>.ts', () => {
  const index = readFileSync(new URL('elements/index.ts', root), 'utf8');
  for (const file of readdirSync(new URL('elements/admin/', root)).filter((f) => /^fe-admin-[a-z-]+\.ts$/.test(f))) {
    const name = file.slice('fe-admin-'.length, -3).replace(/(^|-)([a-z])/g, (_m, _d, c: string) => c.toUpperCase());
    assert.ok(index.includes(`export { FeAdmin${name}Element } from './admin/${file}';`), `elements/index.ts exports FeAdmin${name}Element`);
  }
});

test('one ES module per element plus the whole set', () => {
  for (const name of [
    'fe-elements',
    'fe-app',
    'fe-login-box',
    'fe-sign-up',
    'fe-step-up',
    'fe-forgot-password',
    'fe-reset-password',
    'fe-routes',
    'fe-authorized',
    'fe-activate-account',
    'fe-unlock-account',
    'fe-accept-invitation',
    'fe-impersonate',
    'fe-reset-phone-number',
    'fe-tenant-switcher',
    'fe-open-app',
    'fe-entitlements-inspector',
  ]) {
    const js = readFileSync(new URL(`dist/${name}.js`, root), 'utf8');
    assert.match(js, /\bimport\b|\bexport\b/, `${name}.js is an ES module`);
  }
});

test('SI-4.37 fe-elements/entitlements is DOM-free and decides in plain Node', async () => {
  const code = readFileSync(new URL('dist/entitlements.js', root), 'utf8');
  assert.doesNotMatch(code, /from ?["'][^"']*chunks\/elements/, 'it does not pull in the elements');
  const { evaluateEntitlement } = await import(new URL('dist/entitlements.js', root).href);
  const bundle = { features: { reports: { planIds: [], expireTime: -1, linkedPermissions: [] } }, plans: {}, permissions: {} };
  assert.deepEqual(evaluateEntitlement(bundle, { featureKey: 'reports' }, { attributes: {}, now: Date.now() }), { isEntitled: true });
  assert.deepEqual(evaluateEntitlement(bundle, { featureKey: 'sso' }, { attributes: {}, now: Date.now() }), { isEntitled: false, justification: 'MISSING_FEATURE' });
});
