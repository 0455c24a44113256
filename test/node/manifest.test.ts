import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { test } from 'node:test';
import assert from 'node:assert/strict';

const root = new URL('../../', import.meta.url);

test('custom-elements.json is generated from the elements and not stale', () => {
  const out = '.cem-check';
  try {
    execFileSync(process.execPath, ['node_modules/@custom-elements-manifest/analyzer/cem.js', 'analyze', '--config', 'custom-elements-manifest.config.mjs', '--outdir', out], {
      cwd: root,
      stdio: 'pipe',
    });
    const fresh = readFileSync(new URL(`${out}/custom-elements.json`, root), 'utf8');
    const committed = readFileSync(new URL('custom-elements.json', root), 'utf8');
    assert.equal(committed, fresh, 'custom-elements.json is stale: run `npm run analyze` and commit it');
  } finally {
    rmSync(new URL(out, root), { recursive: true, force: true });
  }
});

test('the manifest documents every element with its attributes, events, parts and custom properties', () => {
  const manifest = JSON.parse(readFileSync(new URL('custom-elements.json', root), 'utf8'));
  const elements = manifest.modules
    .flatMap((m: { declarations?: { customElement?: boolean; tagName?: string }[] }) => m.declarations ?? [])
    .filter((d: { customElement?: boolean }) => d.customElement);
  const box = elements.find((d: { tagName?: string }) => d.tagName === 'fe-login-box');
  assert.ok(box, 'fe-login-box is in the manifest');
  assert.deepEqual(box.events.map((e: { name: string }) => e.name).sort(), ['fe-error', 'fe-login', 'fe-logout', 'fe-navigate']);
  assert.ok(box.cssProperties.some((p: { name: string }) => p.name === '--fe-color-primary'));
  assert.ok(elements.find((d: { tagName?: string }) => d.tagName === 'fe-app').attributes.some((a: { name: string }) => a.name === 'base-url'));
});
