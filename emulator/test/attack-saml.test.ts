/**
 * Attacks on the emulator's SAML service provider (issue 29 item 2; OWASP SAML Security Cheat Sheet). Each test
 * crafts the SAMLResponse the way an attacker would — XML written here, signed with a test key through samlify's
 * own signer (xml-crypto) — and posts it where a browser would: `…/auth/v1/user/saml/postlogin {RelayState,
 * SAMLResponse}` (401 `ER-FEDERATION-FAILED`) or the ACS (303 to the callback with `error=saml_invalid`). A refusal
 * must leave no session and one `user.sign-in.failed` audit row.
 *
 * The IdP of the configuration under attack is `IDP` (entity `IDP_ENTITY`, key `idpKey`); the login it answers is
 * started as a browser does (pre-login → start → the AuthnRequest, whose ID the answer's InResponseTo names).
 */
import { describe, it, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import samlify from 'samlify';
import type { Emulator } from '../src/app.ts';
import { audits, samlAssertionIds } from '../src/db/schema.ts';
import { Client, ORIGIN, P, refreshCookie, startEmulator, type Res } from './helpers.ts';
import { selfSignedCertificate } from '../../tools/idp-saml.js';

const PAGE = 'http://localhost:5173';
const ACS = `${ORIGIN}/frontegg/auth/saml/callback`;
const SP_ENTITY = `${ORIGIN}/frontegg/auth/saml/metadata`;
const IDP_ENTITY = 'https://idp.corp.test/metadata';
const OTHER_IDP_ENTITY = 'https://idp.other.test/metadata';
const USER = 'ann@corp.test';
const BEARER = 'urn:oasis:names:tc:SAML:2.0:cm:bearer';
const MIN = 60_000;

type Key = { privateKey: string; certificate: string };
let emu: Emulator;
let idpKey: Key;
let otherKey: Key;
before(async () => {
  emu = await startEmulator();
  idpKey = selfSignedCertificate('attack-saml IdP');
  otherKey = selfSignedCertificate('attacker');
});
after(async () => {
  await emu.close();
});
beforeEach(async () => {
  await emu.reset();
});

// ---------------------------------------------------------------- the configuration and a login in progress

async function configure(c: Client, domains = ['corp.test'], entityId = IDP_ENTITY, key = idpKey) {
  const r = await c.post('/_emulator/sso-configurations', {
    type: 'saml',
    domains,
    callbackUrl: `${PAGE}/account/saml/callback`,
    saml: { entityId, ssoUrl: `${entityId.replace('/metadata', '')}/sso`, certificate: key.certificate },
  });
  assert.equal(r.status, 201, r.text);
  return r.body as { id: string };
}

/** Starts a login as the browser does; returns the RelayState and the AuthnRequest ID. */
async function startLogin(c: Client, email = USER): Promise<{ relayState: string; requestId: string }> {
  const pre = await c.post(`${P}/auth/v1/user/saml/prelogin`, { email });
  assert.equal(pre.body.idpType, 'saml', pre.text);
  const start = await c.get(new URL(pre.body.address).pathname, { referer: `${PAGE}/account/login` });
  assert.equal(start.status, 302, start.text);
  const url = new URL(start.headers.get('location')!);
  const request = inflateRawSync(Buffer.from(url.searchParams.get('SAMLRequest')!, 'base64')).toString('utf8');
  return { relayState: url.searchParams.get('RelayState')!, requestId: /\sID="([^"]+)"/.exec(request)![1] };
}

/** The emulator clock's now (ms). */
async function emulatorNow(c: Client): Promise<number> {
  return Date.parse((await c.get('/_emulator/clock')).body.now);
}

// ---------------------------------------------------------------- crafting responses

const iso = (ms: number) => new Date(ms).toISOString();
const newId = () => `_${randomBytes(16).toString('hex')}`;
const attr = (name: string, value: string | null | undefined) => (value == null ? '' : ` ${name}="${value}"`);

interface AssertionSpec {
  id: string;
  issuer: string;
  nameId: string;
  method: string;
  /** null: no SubjectConfirmationData at all */
  scd: { notOnOrAfter?: string | null; notBefore?: string | null; recipient?: string | null; inResponseTo?: string | null } | null;
  /** null: no Conditions element */
  conditions: { notBefore?: string | null; notOnOrAfter?: string | null; audience: string } | null;
  issueInstant: string;
}

/** A legitimate assertion for `login` at `now` (5 minutes of validity), with `edit` applied. */
function assertionSpec(now: number, requestId: string | null, edit: Partial<AssertionSpec> = {}): AssertionSpec {
  return {
    id: newId(),
    issuer: IDP_ENTITY,
    nameId: USER,
    method: BEARER,
    scd: { notOnOrAfter: iso(now + 5 * MIN), recipient: ACS, inResponseTo: requestId },
    conditions: { notBefore: iso(now - MIN / 2), notOnOrAfter: iso(now + 5 * MIN), audience: SP_ENTITY },
    issueInstant: iso(now),
    ...edit,
  };
}

function assertionXml(a: AssertionSpec): string {
  const scd = a.scd
    ? `<saml:SubjectConfirmationData${attr('NotBefore', a.scd.notBefore)}${attr('NotOnOrAfter', a.scd.notOnOrAfter)}${attr('Recipient', a.scd.recipient)}${attr('InResponseTo', a.scd.inResponseTo)}/>`
    : '';
  const conditions = a.conditions
    ? `<saml:Conditions${attr('NotBefore', a.conditions.notBefore)}${attr('NotOnOrAfter', a.conditions.notOnOrAfter)}><saml:AudienceRestriction><saml:Audience>${a.conditions.audience}</saml:Audience></saml:AudienceRestriction></saml:Conditions>`
    : '';
  return (
    `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${a.id}" Version="2.0" IssueInstant="${a.issueInstant}">` +
    `<saml:Issuer>${a.issuer}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${a.nameId}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="${a.method}">${scd}</saml:SubjectConfirmation></saml:Subject>` +
    conditions +
    `<saml:AuthnStatement AuthnInstant="${a.issueInstant}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
    `</saml:Assertion>`
  );
}

interface ResponseSpec {
  id?: string;
  inResponseTo?: string | null;
  destination?: string | null;
  /** null: no Issuer on the Response (it is optional) */
  issuer?: string | null;
  status?: string;
  issueInstant: string;
  prolog?: string;
  extensions?: string;
}

function responseXml(r: ResponseSpec, inner: string): string {
  return (
    (r.prolog ?? '') +
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${r.id ?? newId()}" Version="2.0" IssueInstant="${r.issueInstant}"${attr('Destination', r.destination === undefined ? ACS : r.destination)}${attr('InResponseTo', r.inResponseTo)}>` +
    (r.issuer === null ? '' : `<saml:Issuer>${r.issuer ?? IDP_ENTITY}</saml:Issuer>`) +
    (r.extensions ? `<samlp:Extensions>${r.extensions}</samlp:Extensions>` : '') +
    `<samlp:Status><samlp:StatusCode Value="${r.status ?? 'urn:oasis:names:tc:SAML:2.0:status:Success'}"/></samlp:Status>` +
    inner +
    `</samlp:Response>`
  );
}

/** PEM → bare base64 (what samlify's signer wants). */
const bareCertificate = (pem: string) => pem.replace(/-----(BEGIN|END) CERTIFICATE-----|\s+/g, '');

const ASSERTION_XPATH = "/*[local-name(.)='Response']/*[local-name(.)='Assertion']";

/** Signs the (first, top-level) assertion of `xml` as an IdP does: enveloped, exc-c14n, RSA-SHA256, after its Issuer. */
function signAssertion(xml: string, key: Key = idpKey): string {
  return samlify.SamlLib.constructSAMLSignature({
    rawSamlMessage: xml,
    referenceTagXPath: ASSERTION_XPATH,
    privateKey: key.privateKey,
    signingCert: bareCertificate(key.certificate),
    isBase64Output: false,
    signatureConfig: { prefix: 'ds', location: { reference: `${ASSERTION_XPATH}/*[local-name(.)='Issuer']`, action: 'after' } },
  } as Parameters<typeof samlify.SamlLib.constructSAMLSignature>[0]) as string;
}

/** Signs the whole Response (the message signature), placed after its Issuer (or first, without one). */
function signResponse(xml: string, key: Key = idpKey): string {
  const hasIssuer = /<samlp:Response[^>]*><saml:Issuer>/.test(xml);
  return samlify.SamlLib.constructSAMLSignature({
    rawSamlMessage: xml,
    isMessageSigned: true,
    privateKey: key.privateKey,
    signingCert: bareCertificate(key.certificate),
    isBase64Output: false,
    signatureConfig: {
      prefix: 'ds',
      location: hasIssuer
        ? { reference: "/*[local-name(.)='Response']/*[local-name(.)='Issuer']", action: 'after' }
        : { reference: "/*[local-name(.)='Response']/*[1]", action: 'before' },
    },
  } as Parameters<typeof samlify.SamlLib.constructSAMLSignature>[0]) as string;
}

/** What an honest IdP sends for the login: assertion and message signed. */
function honest(now: number, requestId: string, edit: Partial<AssertionSpec> = {}, response: Partial<ResponseSpec> = {}, key = idpKey): string {
  const xml = responseXml({ inResponseTo: requestId, issueInstant: iso(now), ...response }, assertionXml(assertionSpec(now, requestId, edit)));
  return signResponse(signAssertion(xml, key), key);
}

/** The signed `<saml:Assertion>…</saml:Assertion>` of a response, as an attacker cuts it out. */
const signedAssertionOf = (xml: string) => /<saml:Assertion[\s\S]*<\/saml:Assertion>/.exec(xml)![0];

const b64 = (xml: string) => Buffer.from(xml, 'utf8').toString('base64');

// ---------------------------------------------------------------- posting and judging

const postLogin = (c: Client, relayState: string, xml: string) => c.post(`${P}/auth/v1/user/saml/postlogin`, { RelayState: relayState, SAMLResponse: b64(xml) });
const postAcs = (c: Client, relayState: string, xml: string) =>
  c.req('POST', '/frontegg/auth/saml/callback', new URLSearchParams({ SAMLResponse: b64(xml), RelayState: relayState }).toString(), {
    'content-type': 'application/x-www-form-urlencoded',
  });

async function failedSignIns(): Promise<{ description: string; details: Record<string, unknown> }[]> {
  return emu.db.select({ description: audits.description, details: audits.details }).from(audits).where(eq(audits.action, 'user.sign-in.failed'));
}

/** A refusal at postlogin: 401 ER-FEDERATION-FAILED (message matching `why`), no session, one more sign-in-failed row. */
async function assertRefused(c: Client, res: Res, why: RegExp, before: number) {
  assert.equal(res.status, 401, `expected a refusal, got ${res.status}: ${res.text.slice(0, 300)}`);
  assert.equal(res.body.errorCode, 'ER-FEDERATION-FAILED');
  assert.match(res.body.errors[0], why);
  assert.equal(res.body.accessToken, undefined);
  assert.equal(refreshCookie(c), undefined, 'no session cookie');
  const rows = await failedSignIns();
  assert.equal(rows.length, before + 1, 'one user.sign-in.failed audit row');
  assert.equal(rows.at(-1)!.details.method, 'saml');
  assert.match(String(rows.at(-1)!.details.reason), why);
}

/** Starts a login, posts `craft(now, requestId)` to postlogin and checks it is refused for `why`. */
async function refusedAtPostLogin(craft: (now: number, requestId: string) => string, why: RegExp) {
  const c = new Client(emu);
  await configure(c);
  const { relayState, requestId } = await startLogin(c);
  const before = (await failedSignIns()).length;
  const res = await postLogin(c, relayState, craft(await emulatorNow(c), requestId));
  await assertRefused(c, res, why, before);
}

async function signedIn(res: Res, email = USER) {
  assert.equal(res.status, 200, res.text);
  assert.equal(res.body.email, email);
  assert.ok(res.body.accessToken);
}

// ---------------------------------------------------------------- tests

describe('SAML attacks: the legitimate baseline', () => {
  it('an honest response (assertion and message signed) signs in, at postlogin and through the ACS', async () => {
    const c = new Client(emu);
    await configure(c);
    const a = await startLogin(c);
    await signedIn(await postLogin(c, a.relayState, honest(await emulatorNow(c), a.requestId)));
    const b = await startLogin(c);
    const acs = await postAcs(c, b.relayState, honest(await emulatorNow(c), b.requestId));
    assert.equal(acs.status, 303);
    const cb = new URL(acs.headers.get('location')!);
    assert.ok(cb.searchParams.get('code'), cb.href);
    assert.equal((await failedSignIns()).length, 0);
  });

  it('a signed assertion in an unsigned Response without an Issuer signs in (both are optional)', async () => {
    const c = new Client(emu);
    await configure(c);
    const { relayState, requestId } = await startLogin(c);
    const now = await emulatorNow(c);
    const xml = signAssertion(responseXml({ inResponseTo: requestId, issueInstant: iso(now), issuer: null }, assertionXml(assertionSpec(now, requestId))));
    await signedIn(await postLogin(c, relayState, xml));
  });
});

describe('SAML attacks: issue 29 item 2 (expiry, replay, Response Issuer)', () => {
  it('refuses an assertion whose SubjectConfirmationData NotOnOrAfter has passed, even though its Conditions are still open', () =>
    refusedAtPostLogin((now, id) => honest(now, id, { scd: { notOnOrAfter: iso(now - 5 * MIN), recipient: ACS, inResponseTo: id } }), /SubjectConfirmationData.*expired/));

  it('refuses an assertion with no NotOnOrAfter anywhere (no expiry)', () =>
    refusedAtPostLogin(
      (now, id) =>
        honest(now, id, {
          scd: { recipient: ACS, inResponseTo: id },
          conditions: { notBefore: iso(now - MIN), audience: SP_ENTITY },
        }),
      /NotOnOrAfter/,
    ));

  it('refuses an assertion whose SubjectConfirmationData has no NotOnOrAfter, even with Conditions NotOnOrAfter', () =>
    refusedAtPostLogin((now, id) => honest(now, id, { scd: { recipient: ACS, inResponseTo: id } }), /NotOnOrAfter/));

  /** A login answered (through `post`) by an honest response whose assertion names no InResponseTo: the attacker's loot. */
  async function answeredWithoutInResponseTo(c: Client, post: (c: Client, relayState: string, xml: string) => Promise<Res>) {
    await configure(c);
    const first = await startLogin(c);
    const now = await emulatorNow(c);
    const original = honest(now, first.requestId, { scd: { notOnOrAfter: iso(now + 5 * MIN), recipient: ACS } });
    return { now, original, res: await post(c, first.relayState, original) };
  }

  it('refuses a replay: a signed assertion without InResponseTo, signed in once, wrapped in a new Response for another login', async () => {
    const { now, original, res } = await answeredWithoutInResponseTo(new Client(emu), postLogin);
    await signedIn(res);

    const attacker = new Client(emu);
    const second = await startLogin(attacker);
    const before = (await failedSignIns()).length;
    const replay = responseXml({ id: newId(), inResponseTo: second.requestId, issueInstant: iso(now + 1000) }, signedAssertionOf(original));
    await assertRefused(attacker, await postLogin(attacker, second.relayState, replay), /already been used|replay/i, before);
  });

  it('refuses the same replay through the ACS (callback with error, no code)', async () => {
    const c = new Client(emu);
    const { now, original, res } = await answeredWithoutInResponseTo(c, postAcs);
    assert.equal(res.status, 303);
    const second = await startLogin(c);
    const before = (await failedSignIns()).length;
    const acs = await postAcs(c, second.relayState, responseXml({ inResponseTo: second.requestId, issueInstant: iso(now) }, signedAssertionOf(original)));
    const cb = new URL(acs.headers.get('location')!);
    assert.equal(cb.searchParams.get('error'), 'saml_invalid', cb.href);
    assert.equal(cb.searchParams.get('code'), null);
    assert.equal((await failedSignIns()).length, before + 1);
  });

  it('refuses a Response whose Issuer is not the IdP (signed assertion in an unsigned Response of another issuer)', () =>
    refusedAtPostLogin((now, id) => {
      const xml = responseXml({ inResponseTo: id, issueInstant: iso(now), issuer: 'https://evil.test/idp' }, assertionXml(assertionSpec(now, id)));
      return signAssertion(xml);
    }, /response's Issuer/));

  it('remembers assertion IDs until they expire, then prunes them', async () => {
    const c = new Client(emu);
    const config = await configure(c);
    const a = await startLogin(c);
    const now = await emulatorNow(c);
    await signedIn(await postLogin(c, a.relayState, honest(now, a.requestId)));
    const rows = await emu.db.select().from(samlAssertionIds).where(eq(samlAssertionIds.configId, config.id));
    assert.equal(rows.length, 1);
    assert.ok(rows[0].expiresAt.getTime() > now + 5 * MIN - 1000, 'kept at least until the assertion expires');
    await c.put('/_emulator/clock', { advance: 60 * MIN });
    const b = await startLogin(c);
    await signedIn(await postLogin(c, b.relayState, honest(await emulatorNow(c), b.requestId)));
    const left = await emu.db
      .select()
      .from(samlAssertionIds)
      .where(and(eq(samlAssertionIds.configId, config.id), eq(samlAssertionIds.assertionId, rows[0].assertionId)));
    assert.equal(left.length, 0, 'the expired ID was pruned');
  });
});

describe('SAML attacks: time is the emulator clock (±60 s skew)', () => {
  it('accepts an assertion stamped at the emulator time when the clock is frozen two days ahead of real time', async () => {
    const c = new Client(emu);
    await configure(c);
    await c.put('/_emulator/clock', { now: iso(Date.now() + 2 * 24 * 60 * MIN), frozen: true });
    const { relayState, requestId } = await startLogin(c);
    await signedIn(await postLogin(c, relayState, honest(await emulatorNow(c), requestId)));
  });

  it('refuses an assertion stamped at real time once the emulator clock is ten minutes ahead', async () => {
    const c = new Client(emu);
    await configure(c);
    await c.put('/_emulator/clock', { advance: 10 * MIN });
    const { relayState, requestId } = await startLogin(c);
    const before = (await failedSignIns()).length;
    await assertRefused(c, await postLogin(c, relayState, honest(Date.now(), requestId)), /expired/, before);
  });

  it('accepts a NotOnOrAfter up to 60 s past, refuses one 61 s past (frozen clock)', async () => {
    const c = new Client(emu);
    await configure(c);
    await c.put('/_emulator/clock', { frozen: true });
    const a = await startLogin(c);
    const now = await emulatorNow(c);
    const window = (ms: number, id: string) => ({ scd: { notOnOrAfter: iso(ms), recipient: ACS, inResponseTo: id }, conditions: { notOnOrAfter: iso(ms), audience: SP_ENTITY } });
    await signedIn(await postLogin(c, a.relayState, honest(now, a.requestId, window(now - 59_000, a.requestId))));
    const other = new Client(emu);
    const b = await startLogin(other);
    const before = (await failedSignIns()).length;
    await assertRefused(other, await postLogin(other, b.relayState, honest(now, b.requestId, window(now - 61_000, b.requestId))), /expired/, before);
  });

  it('refuses Conditions NotBefore more than 60 s ahead', () =>
    refusedAtPostLogin((now, id) => honest(now, id, { conditions: { notBefore: iso(now + 2 * MIN), notOnOrAfter: iso(now + 5 * MIN), audience: SP_ENTITY } }), /not yet valid/));

  it('refuses a SubjectConfirmationData NotBefore ahead (checked when present; bearer profiles say it must not be there)', () =>
    refusedAtPostLogin(
      (now, id) => honest(now, id, { scd: { notBefore: iso(now + 2 * MIN), notOnOrAfter: iso(now + 5 * MIN), recipient: ACS, inResponseTo: id } }),
      /not yet valid/,
    ));
});

describe('SAML attacks: subject confirmation', () => {
  it('refuses an assertion with no bearer SubjectConfirmation (holder-of-key)', () =>
    refusedAtPostLogin((now, id) => honest(now, id, { method: 'urn:oasis:names:tc:SAML:2.0:cm:holder-of-key' }), /bearer/));

  it('refuses a bearer confirmation without SubjectConfirmationData', () => refusedAtPostLogin((now, id) => honest(now, id, { scd: null }), /SubjectConfirmationData/));

  it('refuses a SubjectConfirmationData without Recipient', () =>
    refusedAtPostLogin((now, id) => honest(now, id, { scd: { notOnOrAfter: iso(now + 5 * MIN), inResponseTo: id } }), /Recipient|recipient/));

  it('refuses a Recipient of another ACS', () =>
    refusedAtPostLogin((now, id) => honest(now, id, { scd: { notOnOrAfter: iso(now + 5 * MIN), recipient: 'https://other-sp.test/acs', inResponseTo: id } }), /recipient/));

  it('refuses a SubjectConfirmationData InResponseTo of another login (in a Response that names this one)', () =>
    refusedAtPostLogin((now, id) => honest(now, id, { scd: { notOnOrAfter: iso(now + 5 * MIN), recipient: ACS, inResponseTo: '_another-login' } }), /InResponseTo/));

  it('refuses a Response InResponseTo of another login', () => refusedAtPostLogin((now, id) => honest(now, id, {}, { inResponseTo: '_another-login' }), /InResponseTo/));

  it('refuses a Destination of another ACS (signed Response)', () =>
    refusedAtPostLogin((now, id) => honest(now, id, {}, { destination: 'https://other-sp.test/acs' }), /destination/));

  it('refuses an audience of another SP', () =>
    refusedAtPostLogin(
      (now, id) => honest(now, id, { conditions: { notBefore: iso(now - MIN), notOnOrAfter: iso(now + 5 * MIN), audience: 'https://other-sp.test/metadata' } }),
      /audience/,
    ));

  it('refuses an assertion without Conditions (no audience)', () => refusedAtPostLogin((now, id) => honest(now, id, { conditions: null }), /audience/));

  it('refuses a Status other than Success', () => refusedAtPostLogin((now, id) => honest(now, id, {}, { status: 'urn:oasis:names:tc:SAML:2.0:status:Requester' }), /not valid/));
});

describe('SAML attacks: signatures', () => {
  it('refuses an unsigned assertion in an unsigned Response (signature stripped)', () =>
    refusedAtPostLogin((now, id) => responseXml({ inResponseTo: id, issueInstant: iso(now) }, assertionXml(assertionSpec(now, id))), /not valid/));

  it('refuses a response whose signatures were removed from an honest one', () =>
    refusedAtPostLogin((now, id) => honest(now, id).replace(/<ds:Signature[\s\S]*?<\/ds:Signature>/g, ''), /not valid/));

  it('refuses assertion and Response signed by another key (its certificate in KeyInfo)', () => refusedAtPostLogin((now, id) => honest(now, id, {}, {}, otherKey), /not valid/));

  it('refuses an assertion changed after signing (NameID swapped)', () => refusedAtPostLogin((now, id) => honest(now, id).replace(`>${USER}<`, '>boss@corp.test<'), /not valid/));

  it('refuses a comment injected into a signed NameID (admin@corp.test<!---->.evil.test): never the truncated address', async () => {
    const c = new Client(emu);
    await configure(c, ['corp.test', 'corp.test.evil.test']);
    const { relayState, requestId } = await startLogin(c);
    const now = await emulatorNow(c);
    // the IdP signs the attacker's own account admin@corp.test.evil.test; the comment leaves the signature valid (exc-c14n drops comments)
    const xml = honest(now, requestId, { nameId: 'admin@corp.test.evil.test' }).replace('>admin@corp.test.evil.test<', '>admin@corp.test<!---->.evil.test<');
    const before = (await failedSignIns()).length;
    const res = await postLogin(c, relayState, xml);
    assert.notEqual(res.body.email, 'admin@corp.test', 'never signed in as the truncated address');
    await assertRefused(c, res, /comment|NameID/, before);
  });
});

describe('SAML attacks: XML signature wrapping', () => {
  /** An honest response for the login, and an evil assertion for boss@corp.test with the same InResponseTo. */
  async function wrapping(craft: (honestXml: string, evil: AssertionSpec, now: number, requestId: string) => string) {
    await refusedAtPostLogin((now, id) => craft(honest(now, id), assertionSpec(now, id, { nameId: 'boss@corp.test' }), now, id), /assertion|not valid|wrapping/i);
  }

  it('refuses the signed assertion moved into Extensions and an unsigned evil assertion with its ID in its place', () =>
    wrapping((xml, evil, now, id) => {
      const signed = signedAssertionOf(xml);
      const originalId = /ID="([^"]+)"/.exec(signed)![1];
      return responseXml({ inResponseTo: id, issueInstant: iso(now), extensions: signed }, assertionXml({ ...evil, id: originalId }));
    }));

  it('refuses the evil assertion beside the signed one (two assertions)', () =>
    wrapping((xml, evil, now, id) => responseXml({ inResponseTo: id, issueInstant: iso(now) }, assertionXml(evil) + signedAssertionOf(xml))));

  it('refuses the signed one beside the evil one, the evil one first', () =>
    wrapping((xml, evil, now, id) => responseXml({ inResponseTo: id, issueInstant: iso(now) }, signedAssertionOf(xml) + assertionXml(evil))));

  it('refuses the evil assertion beside the signed one under a non-ASCII namespace prefix (an XML name, not [A-Za-z])', () =>
    wrapping((xml, evil, now, id) => {
      const unicode = assertionXml(evil)
        .replace('<saml:Assertion xmlns:saml=', '<ñ:Assertion xmlns:ñ=')
        .replace('</saml:Assertion>', '</ñ:Assertion>')
        .replace(/(<\/?)saml:/g, '$1ñ:');
      return responseXml({ inResponseTo: id, issueInstant: iso(now) }, signedAssertionOf(xml) + unicode);
    }));

  it('refuses the signed assertion hidden in the evil assertion’s SubjectConfirmationData', () =>
    wrapping((xml, evil, now, id) => {
      const outer = assertionXml(evil).replace(
        /<saml:SubjectConfirmationData([^>]*)\/>/,
        `<saml:SubjectConfirmationData$1>${signedAssertionOf(xml)}</saml:SubjectConfirmationData>`,
      );
      return responseXml({ inResponseTo: id, issueInstant: iso(now) }, outer);
    }));

  it('refuses the honest signed Response wrapped inside an evil Response that carries its message signature', () =>
    wrapping((xml, evil, now, id) => {
      const signature = /<ds:Signature[\s\S]*?<\/ds:Signature>(?=<samlp:Status)/.exec(xml)![0];
      const inner = xml.replace(signature, '');
      return responseXml({ inResponseTo: id, issueInstant: iso(now), extensions: inner }, assertionXml(evil)).replace('</saml:Issuer>', `</saml:Issuer>${signature}`);
    }));

  it('refuses an evil assertion whose Signature is the honest one (referencing the honest assertion by ID, kept in Extensions)', () =>
    wrapping((xml, evil, now, id) => {
      const signed = signedAssertionOf(xml);
      const signature = /<ds:Signature[\s\S]*?<\/ds:Signature>/.exec(signed)![0];
      const evilXml = assertionXml(evil).replace('</saml:Issuer>', `</saml:Issuer>${signature}`);
      return responseXml({ inResponseTo: id, issueInstant: iso(now), extensions: signed.replace(signature, '') }, evilXml);
    }));
});

describe('SAML attacks: XML parsing', () => {
  it('refuses a DOCTYPE with an external entity (XXE), without expanding it', async () => {
    const c = new Client(emu);
    await configure(c);
    const { relayState, requestId } = await startLogin(c);
    const now = await emulatorNow(c);
    const xml = honest(now, requestId).replace(`>${USER}<`, '>&xxe;<');
    const before = (await failedSignIns()).length;
    const res = await postLogin(c, relayState, `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>${xml}`);
    assert.doesNotMatch(res.text, /root:/, 'the file is not read into the answer');
    await assertRefused(c, res, /DOCTYPE|not valid/, before);
  });

  it('refuses a DOCTYPE with an internal entity that would spell the signed NameID', () =>
    refusedAtPostLogin((now, id) => `<!DOCTYPE r [<!ENTITY u "ann">]>${honest(now, id).replace(`>${USER}<`, '>&u;@corp.test<')}`, /DOCTYPE|not valid/));

  it('refuses a billion-laughs DOCTYPE quickly', async () => {
    const started = Date.now();
    await refusedAtPostLogin((now, id) => {
      const lol = ['<!ENTITY l0 "lol">', ...Array.from({ length: 9 }, (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`)].join('');
      return `<!DOCTYPE r [${lol}]>${honest(now, id).replace(`>${USER}<`, '>&l9;<')}`;
    }, /DOCTYPE|not valid/);
    assert.ok(Date.now() - started < 10_000);
  });
});

describe('SAML attacks: other configurations and domains', () => {
  it("refuses a response from another configuration's IdP (its own key and entity id) to this configuration's login", async () => {
    const c = new Client(emu);
    await configure(c);
    await configure(c, ['other.test'], OTHER_IDP_ENTITY, otherKey);
    const { relayState, requestId } = await startLogin(c);
    const now = await emulatorNow(c);
    const xml = signResponse(
      signAssertion(
        responseXml({ inResponseTo: requestId, issueInstant: iso(now), issuer: OTHER_IDP_ENTITY }, assertionXml(assertionSpec(now, requestId, { issuer: OTHER_IDP_ENTITY }))),
        otherKey,
      ),
      otherKey,
    );
    const before = (await failedSignIns()).length;
    await assertRefused(c, await postLogin(c, relayState, xml), /not valid|issuer/i, before);
  });

  it('refuses a signed assertion for a user of a domain the configuration does not route (403, no session, audited)', async () => {
    const c = new Client(emu);
    await configure(c);
    const { relayState, requestId } = await startLogin(c);
    const before = (await failedSignIns()).length;
    const res = await postLogin(c, relayState, honest(await emulatorNow(c), requestId, { nameId: 'admin@acme.test' }));
    assert.equal(res.status, 403, res.text);
    assert.equal(res.body.errorCode, 'ER-SSO-DOMAIN-MISMATCH');
    assert.equal(res.body.accessToken, undefined);
    assert.equal(refreshCookie(c), undefined);
    assert.equal((await failedSignIns()).length, before + 1);
  });
});
