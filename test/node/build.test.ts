import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import assert from 'node:assert/strict';

const root = new URL('../../', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));

test('the package is fe-elements and every exports entry points at a built file (run after `npm run build`)', () => {
  assert.equal(pkg.name, 'fe-elements');
  for (const [entry, target] of Object.entries<string | Record<string, string>>(pkg.exports)) {
    const files = typeof target === 'string' ? [target] : Object.values(target);
    for (const file of files) assert.ok(existsSync(new URL(file, root)), `${entry} → ${file} exists`);
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
