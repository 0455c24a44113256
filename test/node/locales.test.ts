import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { argumentNames, formatMessage } from '../../src/i18n/icu.ts';
import { de } from '../../src/i18n/de.ts';
import { he } from '../../src/i18n/he.ts';
import { pseudo } from '../../src/i18n/locale.ts';

/** Every English catalogue (en.ts, en-*.ts), merged: the keys a translation must have. */
async function english(): Promise<Record<string, string>> {
  const all: Record<string, string> = {};
  for (const file of readdirSync(new URL('../../src/i18n/', import.meta.url)).filter((f) => /^en(-.+)?\.ts$/.test(f))) {
    const mod = (await import(`../../src/i18n/${file}`)) as Record<string, unknown>;
    for (const value of Object.values(mod)) if (value && typeof value === 'object') Object.assign(all, value);
  }
  return all;
}

for (const [locale, catalogue] of Object.entries({ de, he }) as [string, Record<string, string>][]) {
  test(`${locale}: every key of the sign-in flows' English catalogues is translated, with the same placeholders`, async () => {
    const en = await english();
    const flowKeys = Object.keys(en).filter((k) => !k.startsWith('admin.'));
    assert.ok(flowKeys.length > 300, `found ${flowKeys.length} English keys`);
    const missing = flowKeys.filter((k) => typeof catalogue[k] !== 'string' || catalogue[k] === '');
    assert.deepEqual(missing, [], `untranslated in ${locale}`);
    assert.deepEqual(
      Object.keys(catalogue).filter((k) => !(k in en)),
      [],
      `keys of ${locale} that English does not have`,
    );
    for (const k of flowKeys) assert.deepEqual(argumentNames(catalogue[k]), argumentNames(en[k]), `placeholders of ${k} in ${locale}`);
  });
}

test('ICU plurals choose the form of the locale (Intl.PluralRules) and format # with Intl.NumberFormat', () => {
  const users = '{count, plural, =0 {no users} one {# user} other {# users}}';
  assert.equal(formatMessage(users, { count: 0 }), 'no users');
  assert.equal(formatMessage(users, { count: 1 }), '1 user');
  assert.equal(formatMessage(users, { count: 12345 }), '12,345 users');
  assert.equal(formatMessage(users, { count: 12345 }, 'de'), '12.345 users');
  const hebrew = '{days, plural, one {יום אחד} two {יומיים} other {# ימים}}';
  assert.equal(formatMessage(hebrew, { days: 2 }, 'he'), 'יומיים');
  assert.equal(formatMessage(hebrew, { days: 7 }, 'he'), '7 ימים');
  assert.equal(formatMessage(de['mfa.rememberDeviceFor']!, { days: 30 }, 'de'), 'Dieses Gerät 30 Tage lang merken');
  assert.equal(
    formatMessage('{name} removed from {count, plural, one {# account} other {# accounts}} by {who}', { name: 'Ada', count: 2, who: 'Bo' }),
    'Ada removed from 2 accounts by Bo',
  );
  assert.equal(formatMessage('Hello {name}', {}), 'Hello {name}', 'an argument without a value is left as written');
  assert.deepEqual(argumentNames('{count, plural, one {# in {team}} other {# in {team}}} by {who}'), ['count', 'team', 'who']);
});

test('the pseudo-locale accents, lengthens by about 30 % and brackets, and leaves placeholders alone', () => {
  const out = pseudo('Signed in as {email}.');
  assert.match(out, /^\[Šîĝñéđ îñ àš \{email\}\..*\]$/);
  const text = 'Enter the 6-digit code from your authenticator app.';
  const longer = pseudo(text).length - 2;
  assert.ok(longer >= text.length * 1.3 && longer <= text.length * 1.3 + 1, `${longer} characters for ${text.length}`);
});

test('the admin portal’s English count messages agree in number (ICU plurals)', async () => {
  const { enAdmin } = await import('../../src/i18n/en-admin.ts');
  const { enAdminRoles } = await import('../../src/i18n/en-admin-roles.ts');
  const { enAdminGroups } = await import('../../src/i18n/en-admin-groups.ts');
  assert.equal(formatMessage(enAdmin['admin.users.count'], { count: 1 }), '1 user');
  assert.equal(formatMessage(enAdmin['admin.users.count'], { count: 10000 }), '10,000 users');
  assert.equal(formatMessage(enAdmin['admin.users.sub.removed'], { email: 'a@b.test', count: 1 }), 'a@b.test was removed from 1 account.');
  assert.equal(formatMessage(enAdminRoles['admin.roles.permissionCount'], { count: 1 }), '1 permission');
  assert.equal(formatMessage(enAdminRoles['admin.perms.attached'], { name: 'Read', count: 3 }), '“Read” given to 3 roles.');
  assert.match(formatMessage(enAdminGroups['admin.groups.deleteBody'], { count: 1 }), /^Its one member loses/);
  assert.match(formatMessage(enAdminGroups['admin.groups.deleteBody'], { count: 0 }), /^It has no members\./);
});
