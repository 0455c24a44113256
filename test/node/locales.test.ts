import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { argumentNames, choicesOf, formatMessage } from '../../src/i18n/icu.ts';
import { de } from '../../src/i18n/de.ts';
import { he } from '../../src/i18n/he.ts';
import { pseudo } from '../../src/i18n/locale.ts';
import { deEntitlementsInspector } from '../../src/views/entitlements-inspector/messages/de.ts';
import { enEntitlementsInspector } from '../../src/views/entitlements-inspector/messages/en.ts';
import { heEntitlementsInspector } from '../../src/views/entitlements-inspector/messages/he.ts';

/** The catalogues of src/i18n whose file names match `pattern` and each admin section's `src/admin/<section>/messages/<lang>.ts` of `lang`, merged. */
async function merged(pattern: RegExp, lang?: string): Promise<Record<string, string>> {
  const all: Record<string, string> = {};
  const i18n = readdirSync(new URL('../../src/i18n/', import.meta.url))
    .filter((f) => pattern.test(f))
    .map((f) => `../../src/i18n/${f}`);
  const admin = new URL('../../src/admin/', import.meta.url);
  const sections = lang
    ? readdirSync(admin)
        .filter((d) => existsSync(new URL(`${d}/messages/${lang}.ts`, admin)))
        .map((d) => `../../src/admin/${d}/messages/${lang}.ts`)
    : [];
  for (const file of [...i18n, ...sections]) {
    const mod = (await import(file)) as Record<string, unknown>;
    for (const value of Object.values(mod)) if (value && typeof value === 'object') Object.assign(all, value);
  }
  return all;
}

/**
 * Every English catalogue (en.ts, en-*.ts, each section's messages/en.ts, the entitlements inspector's own part),
 * merged: the keys a translation must have.
 */
const english = async () => ({ ...(await merged(/^en(-.+)?\.ts$/, 'en')), ...enEntitlementsInspector }) as Record<string, string>;
/** The admin portal's catalogues of a locale: the shell's (`<lang>-admin.ts`) and each section's (`src/admin/<section>/messages/<lang>.ts`), merged. */
const deAdmin = await merged(/^de-admin\.ts$/, 'de');
const heAdmin = await merged(/^he-admin\.ts$/, 'he');

/**
 * Each built-in catalogue of another locale, by part: the sign-in flows' (`<lang>.ts`), the admin portal's
 * (`<lang>-admin*.ts`) and the entitlements inspector's (src/views/entitlements-inspector/messages/<lang>.ts).
 */
const catalogues = [
  { locale: 'de', part: 'flows', catalogue: de },
  { locale: 'de', part: 'admin', catalogue: deAdmin },
  { locale: 'de', part: 'inspector', catalogue: deEntitlementsInspector },
  { locale: 'he', part: 'flows', catalogue: he },
  { locale: 'he', part: 'admin', catalogue: heAdmin },
  { locale: 'he', part: 'inspector', catalogue: heEntitlementsInspector },
] as { locale: string; part: Part; catalogue: Record<string, string> }[];

type Part = 'flows' | 'admin' | 'inspector';
/** The part of a key: its prefix (`admin.`, `inspector.`), else the sign-in flows'. */
const partOf = (key: string): Part => (key.startsWith('admin.') ? 'admin' : key.startsWith('inspector.') ? 'inspector' : 'flows');
/** Fewer English keys than these in a part: the check read the wrong files. */
const AT_LEAST: Record<Part, number> = { flows: 300, admin: 450, inspector: 90 };

for (const { locale, part, catalogue } of catalogues) {
  const what = { admin: 'the admin portal’s', flows: 'the sign-in flows’', inspector: 'the entitlements inspector’s' }[part];
  test(`${locale}: every key of ${what} English catalogues is translated, with the same placeholders`, async () => {
    const en = await english();
    const keys = Object.keys(en).filter((k) => partOf(k) === part);
    assert.ok(keys.length > AT_LEAST[part], `found ${keys.length} English keys`);
    const missing = keys.filter((k) => typeof catalogue[k] !== 'string' || catalogue[k] === '');
    assert.deepEqual(missing, [], `untranslated in ${locale}`);
    assert.deepEqual(
      Object.keys(catalogue).filter((k) => !keys.includes(k)),
      [],
      `keys of ${locale} (${part}) that English does not have there`,
    );
    for (const k of keys) assert.deepEqual(argumentNames(catalogue[k]), argumentNames(en[k]), `placeholders of ${k} in ${locale}`);
  });

  test(`${locale}: ${what} plurals and selects keep English's, with the plural forms of ${locale}`, async () => {
    const en = await english();
    const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories as string[];
    for (const [k, text] of Object.entries(catalogue)) {
      const mine = choicesOf(text);
      // English's plurals and selects are kept (with their exact `=N` cases and a select's cases); a translation may
      // add a plural where its grammar needs one (`{days}` → `{days, plural, one {# Tag} other {# Tage}}`)
      for (const theirs of choicesOf(en[k])) {
        const same = mine.find((c) => c.name === theirs.name && c.kind === theirs.kind);
        assert.ok(same, `${k} in ${locale}: ${theirs.name} is not a ${theirs.kind} as in English`);
        const kept = theirs.cases.filter((f) => f.startsWith('=') || theirs.kind === 'select');
        assert.deepEqual(
          kept.filter((f) => !same.cases.includes(f)),
          [],
          `${k} in ${locale}: cases of English's ${theirs.name} not kept`,
        );
      }
      for (const c of mine) {
        assert.ok(c.cases.includes('other'), `${k} in ${locale}: ${c.name} has no 'other'`);
        if (c.kind !== 'plural') continue;
        const foreign = c.cases.filter((f) => !f.startsWith('=') && !categories.includes(f));
        assert.deepEqual(foreign, [], `${k} in ${locale}: plural forms that ${locale} does not have (it has ${categories.join(', ')})`);
      }
    }
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
  const { enAdminUsers: enAdmin } = await import('../../src/admin/users/messages/en.ts');
  const { enAdminRoles } = await import('../../src/admin/roles/messages/en.ts');
  const { enAdminGroups } = await import('../../src/admin/groups/messages/en.ts');
  assert.equal(formatMessage(enAdmin['admin.users.count'], { count: 1 }), '1 user');
  assert.equal(formatMessage(enAdmin['admin.users.count'], { count: 10000 }), '10,000 users');
  assert.equal(formatMessage(enAdmin['admin.users.sub.removed'], { email: 'a@b.test', count: 1 }), 'a@b.test was removed from 1 account.');
  assert.equal(formatMessage(enAdminRoles['admin.roles.permissionCount'], { count: 1 }), '1 permission');
  assert.equal(formatMessage(enAdminRoles['admin.perms.attached'], { name: 'Read', count: 3 }), '“Read” given to 3 roles.');
  assert.match(formatMessage(enAdminGroups['admin.groups.deleteBody'], { count: 1 }), /^Its one member loses/);
  assert.match(formatMessage(enAdminGroups['admin.groups.deleteBody'], { count: 0 }), /^It has no members\./);
});

test('the admin portal’s count messages in German and Hebrew take the locale’s plural forms', () => {
  assert.equal(formatMessage(deAdmin['admin.roles.permissionCount'], { count: 1 }, 'de'), '1 Berechtigung');
  assert.equal(formatMessage(deAdmin['admin.users.count'], { count: 10000 }, 'de'), '10.000 Benutzer');
  assert.equal(formatMessage(deAdmin['admin.users.sub.removed'], { email: 'a@b.test', count: 2 }, 'de'), 'a@b.test wurde aus 2 Konten entfernt.');
  assert.equal(formatMessage(heAdmin['admin.users.count'], { count: 1 }, 'he'), 'משתמש אחד');
  assert.equal(formatMessage(heAdmin['admin.users.count'], { count: 2 }, 'he'), 'שני משתמשים');
  assert.equal(formatMessage(heAdmin['admin.users.count'], { count: 12 }, 'he'), '12 משתמשים');
  assert.equal(formatMessage(heAdmin['admin.perms.attached'], { name: 'Read', count: 3 }, 'he'), '„Read” ניתנה ל-3 תפקידים.');
  assert.match(formatMessage(heAdmin['admin.groups.deleteBody'], { count: 0 }, 'he'), /^אין בה חברים\./);
  assert.match(formatMessage(heAdmin['admin.groups.deleteBody'], { count: 2 }, 'he'), /^שני החברים/);
});
