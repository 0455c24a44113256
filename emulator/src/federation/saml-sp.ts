/**
 * The emulator as a SAML 2.0 service provider (samlify, with the xmllint
 * schema validator): one SP per vendor (ACS URL and entity id from
 * {@link spEndpoints}), one IdP per SSO configuration. Requests go out over
 * the HTTP-Redirect binding; responses come back over HTTP-POST and are
 * validated in full by {@link validateSamlResponse}. Every time check reads
 * the emulator clock (src/clock.ts) with {@link SAML_CLOCK_SKEW_MS} of skew;
 * samlify's own time checks, which read the wall clock, are switched off.
 */
import samlify from 'samlify';
import * as xmllint from '@authenio/samlify-node-xmllint';
import { DOMParser } from '@xmldom/xmldom';
import { lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { samlAssertionIds } from '../db/schema.ts';
import { emulatorNow } from '../clock.ts';
import { groupNames, type AssertedIdentity, type SsoConfigRow } from './provision.ts';
import { FederationError } from './oidc-client.ts';

samlify.setSchemaValidator(xmllint);

let warm: Promise<unknown> | undefined;
/**
 * Loads the xmllint schema validator (an emscripten build: its first call takes seconds) in the
 * background, once; called when a SAML login starts so the ACS does not pay for it.
 */
export function warmUpSamlValidator(): void {
  warm ??= xmllint.validate(WARM_UP_XML).catch(() => undefined);
}
/** A schema-valid SAML message (no audience can take it for a login: unsigned, no assertion). */
const WARM_UP_XML =
  '<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" ID="_warm-up" Version="2.0" IssueInstant="2020-01-01T00:00:00Z">' +
  '<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status></samlp:Response>';

const { binding } = samlify.Constants.namespace;

/** How far (ms) the IdP's clock may be from the emulator clock, both ways, for every SAML time check (issue 29). */
export const SAML_CLOCK_SKEW_MS = 60_000;
/** The only subject confirmation method a browser SSO response may use (SAML profiles §4.1.4.2). */
export const BEARER_METHOD = 'urn:oasis:names:tc:SAML:2.0:cm:bearer';
const NS_PROTOCOL = 'urn:oasis:names:tc:SAML:2.0:protocol';
const NS_ASSERTION = 'urn:oasis:names:tc:SAML:2.0:assertion';

/** Path of the assertion consumer service (HTTP-POST) under the issuer origin. */
export const ACS_PATH = '/frontegg/auth/saml/callback';
/** Path of the SP metadata; its URL is also the SP entity id. */
export const SP_METADATA_PATH = '/frontegg/auth/saml/metadata';

/** The vendor's SP: `acsUrl` and `spEntityId` (api-contract V getSamlVendorConfiguration). */
export function spEndpoints(issuer: string): { acsUrl: string; spEntityId: string } {
  return { acsUrl: `${issuer}${ACS_PATH}`, spEntityId: `${issuer}${SP_METADATA_PATH}` };
}

/** The vendor's service provider; `relayState` for the request being built. */
export function serviceProvider(issuer: string) {
  const { acsUrl, spEntityId } = spEndpoints(issuer);
  return samlify.ServiceProvider({
    entityID: spEntityId,
    assertionConsumerService: [{ Binding: binding.post, Location: acsUrl }],
    wantAssertionsSigned: true,
    wantMessageSigned: true,
    authnRequestsSigned: false,
    // samlify's time checks read the wall clock (`new Date()`): infinite drift switches them off, and
    // checkAssertion does them against the emulator clock instead (a frozen or moved clock must hold)
    clockDrifts: [-Infinity, Infinity],
  });
}

/** The SP metadata XML (what an IdP administrator imports). */
export function spMetadata(issuer: string): string {
  return serviceProvider(issuer).getMetadata();
}

/** PEM or bare base64 → bare base64 DER (what samlify's metadata wants). */
function bareCertificate(cert: string): string {
  return cert.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
}

/** The IdP of an SSO configuration. */
export function identityProvider(config: SsoConfigRow) {
  if (!config.samlIdpEntityId || !config.samlSsoEndpoint || !config.samlCertificate) {
    throw new FederationError('The SAML configuration is incomplete');
  }
  return samlify.IdentityProvider({
    entityID: config.samlIdpEntityId,
    signingCert: bareCertificate(config.samlCertificate),
    singleSignOnService: [{ Binding: binding.redirect, Location: config.samlSsoEndpoint }],
    wantAuthnRequestsSigned: false,
  });
}

/**
 * An AuthnRequest for `config` over HTTP-Redirect.
 * @returns the request ID (the answer's InResponseTo) and the IdP URL to send the browser to.
 */
export function authnRequest(issuer: string, config: SsoConfigRow, relayState: string): { id: string; url: string } {
  const { id, context } = serviceProvider(issuer).createLoginRequest(identityProvider(config), 'redirect', { relayState });
  const url = new URL(context);
  if (!url.searchParams.has('RelayState')) url.searchParams.set('RelayState', relayState);
  return { id, url: url.href };
}

const asArray = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : v == null ? [] : [String(v)]);

/** Throws a FederationError with `message` unless `ok`. */
function check(ok: unknown, message: string): asserts ok {
  if (!ok) throw new FederationError(message);
}

/** XML parse errors are fatal (a malformed or entity-laden message is refused, never repaired). */
const parser = new DOMParser({
  errorHandler: {
    warning: () => undefined,
    error: (m: string) => {
      throw new FederationError(`The SAML response is not well-formed XML (${m})`);
    },
    fatalError: (m: string) => {
      throw new FederationError(`The SAML response is not well-formed XML (${m})`);
    },
  },
});

/** The element children of `parent` in the SAML namespace `ns` named `localName`. */
function children(parent: Element, ns: string, localName: string): Element[] {
  return Array.from(parent.childNodes as unknown as ArrayLike<Node>).filter(
    (n): n is Element => n.nodeType === 1 && (n as Element).namespaceURI === ns && (n as Element).localName === localName,
  );
}

/** An xs:dateTime attribute of `el` in ms since the epoch; undefined when absent. @throws FederationError when not a date */
function instant(el: Element, name: string, what: string): number | undefined {
  if (!el.hasAttribute(name)) return undefined;
  const ms = Date.parse(el.getAttribute(name)!);
  check(Number.isFinite(ms), `The SAML ${what} ${name} is not a date`);
  return ms;
}

/** now (ms, emulator clock) before `notOnOrAfter` and not before `notBefore`, each with {@link SAML_CLOCK_SKEW_MS}. */
function checkWindow(now: number, notBefore: number | undefined, notOnOrAfter: number | undefined, what: string): void {
  check(notBefore === undefined || now + SAML_CLOCK_SKEW_MS >= notBefore, `The SAML ${what} is not yet valid (NotBefore)`);
  check(notOnOrAfter === undefined || now < notOnOrAfter + SAML_CLOCK_SKEW_MS, `The SAML ${what} has expired (NotOnOrAfter)`);
}

/**
 * Refuses what no SAML message needs and attackers use: a DOCTYPE (entities: XXE, entity expansion, a NameID spelled
 * by an entity), and anything but exactly one assertion (signature wrapping). Checked on the decoded text before any
 * parser or the schema validator sees it.
 * @throws FederationError
 */
function checkMessageText(xml: string): void {
  check(!/<!DOCTYPE|<!ENTITY/i.test(xml), 'The SAML response must not carry a DOCTYPE (entities are refused)');
  check((xml.match(/<(?:[^\s<>/:!?]+:)?(?:Encrypted)?Assertion[\s>/]/g) ?? []).length === 1, 'The SAML response must carry exactly one assertion');
}

/** What the Response (the envelope, signed or not) must say; see {@link validateSamlResponse}. */
interface ResponseExpectations {
  acsUrl: string;
  spEntityId: string;
  idpEntityId: string;
  requestId: string;
  now: number;
}

/**
 * The Response envelope: a samlp:Response root with one saml:Assertion child; `Issuer`, when present, the IdP's entity
 * id (issue 29); `Destination`, when present, our ACS; `InResponseTo` the AuthnRequest of this login.
 * @returns the (unverified) assertion element of the document, for {@link checkSameAssertion}
 * @throws FederationError
 */
function checkResponse(root: Element, x: ResponseExpectations): Element {
  check(root.namespaceURI === NS_PROTOCOL && root.localName === 'Response', 'The SAML message is not a Response');
  const issuers = children(root, NS_ASSERTION, 'Issuer');
  check(issuers.length <= 1 && (issuers.length === 0 || issuers[0].textContent?.trim() === x.idpEntityId), "The SAML response's Issuer is not the identity provider");
  check(!root.hasAttribute('Destination') || root.getAttribute('Destination') === x.acsUrl, 'The SAML response is for another destination');
  check(root.getAttribute('InResponseTo') === x.requestId, 'The SAML response does not answer this login (InResponseTo)');
  const assertions = children(root, NS_ASSERTION, 'Assertion');
  check(assertions.length === 1, 'The SAML response must carry exactly one assertion');
  return assertions[0];
}

/**
 * The bearer subject confirmation (SAML profiles §4.1.4.2): at least one SubjectConfirmation with Method bearer whose
 * SubjectConfirmationData has a NotOnOrAfter (required: an assertion without an expiry is refused) not yet passed,
 * Recipient = our ACS, InResponseTo (when present) = this login's AuthnRequest. Design choice: the profile says a bearer
 * SubjectConfirmationData MUST NOT carry NotBefore; one that does is not refused for it, but its NotBefore is checked.
 * @returns the NotOnOrAfter (ms) of the confirmation that holds
 * @throws FederationError naming the first failed check
 */
function checkSubjectConfirmation(assertion: Element, x: ResponseExpectations): number {
  const [subject] = children(assertion, NS_ASSERTION, 'Subject');
  check(subject, 'The SAML assertion has no Subject');
  const bearers = children(subject, NS_ASSERTION, 'SubjectConfirmation').filter((sc) => sc.getAttribute('Method') === BEARER_METHOD);
  check(bearers.length > 0, 'The SAML assertion has no bearer SubjectConfirmation');
  let firstError: unknown;
  for (const sc of bearers) {
    try {
      const [data] = children(sc, NS_ASSERTION, 'SubjectConfirmationData');
      check(data, 'The SAML bearer SubjectConfirmation has no SubjectConfirmationData');
      const notOnOrAfter = instant(data, 'NotOnOrAfter', 'SubjectConfirmationData');
      check(notOnOrAfter !== undefined, 'The SAML SubjectConfirmationData has no NotOnOrAfter (an assertion must expire)');
      checkWindow(x.now, instant(data, 'NotBefore', 'SubjectConfirmationData'), notOnOrAfter, 'SubjectConfirmationData');
      check(data.getAttribute('Recipient') === x.acsUrl, 'The SAML assertion is for another recipient (SubjectConfirmationData Recipient)');
      check(!data.hasAttribute('InResponseTo') || data.getAttribute('InResponseTo') === x.requestId, 'The SAML assertion does not answer this login (InResponseTo)');
      return notOnOrAfter;
    } catch (e) {
      firstError ??= e;
    }
  }
  throw firstError;
}

/**
 * The verified assertion: issuer, Conditions (required: every AudienceRestriction names our SP; NotBefore /
 * NotOnOrAfter when present), the bearer confirmation, an AuthnStatement's SessionNotOnOrAfter when present. All times
 * against `x.now` (the emulator clock) ± {@link SAML_CLOCK_SKEW_MS}.
 * @returns until when (ms) the assertion could be accepted: its earliest NotOnOrAfter plus the skew
 * @throws FederationError
 */
function checkAssertion(assertion: Element, x: ResponseExpectations): number {
  check(children(assertion, NS_ASSERTION, 'Issuer')[0]?.textContent?.trim() === x.idpEntityId, "The SAML assertion's Issuer is not the identity provider");
  const [conditions] = children(assertion, NS_ASSERTION, 'Conditions');
  check(conditions, 'The SAML assertion is for another audience (it has no Conditions)');
  const restrictions = children(conditions, NS_ASSERTION, 'AudienceRestriction');
  check(
    restrictions.length > 0 && restrictions.every((r) => children(r, NS_ASSERTION, 'Audience').some((a) => a.textContent?.trim() === x.spEntityId)),
    'The SAML assertion is for another audience',
  );
  const conditionsEnd = instant(conditions, 'NotOnOrAfter', 'Conditions');
  checkWindow(x.now, instant(conditions, 'NotBefore', 'Conditions'), conditionsEnd, 'assertion (Conditions)');
  for (const statement of children(assertion, NS_ASSERTION, 'AuthnStatement')) {
    checkWindow(x.now, undefined, instant(statement, 'SessionNotOnOrAfter', 'AuthnStatement'), 'IdP session (SessionNotOnOrAfter)');
  }
  const confirmationEnd = checkSubjectConfirmation(assertion, x);
  return Math.min(confirmationEnd, conditionsEnd ?? Infinity) + SAML_CLOCK_SKEW_MS;
}

/**
 * The document's assertion is the one the signature covers (same ID), and its NameID is plain text: a comment or an
 * element inside it (`admin@victim.test<!---->.evil.test`) is invisible to the signature (exc-c14n drops comments)
 * and is refused rather than read.
 * @throws FederationError
 */
function checkSameAssertion(inDocument: Element, verified: Element): void {
  check(inDocument.getAttribute('ID') && inDocument.getAttribute('ID') === verified.getAttribute('ID'), 'The SAML assertion is not the signed one (signature wrapping)');
  const nameIds = Array.from(inDocument.getElementsByTagNameNS(NS_ASSERTION, 'NameID') as unknown as ArrayLike<Element>);
  for (const nameId of nameIds) {
    const nodes = Array.from(nameId.childNodes as unknown as ArrayLike<Node>);
    check(
      nodes.every((n) => n.nodeType === 3 || n.nodeType === 4),
      'The SAML NameID carries a comment or markup (comment injection)',
    );
  }
}

/**
 * The assertion the IdP's signature covers (samlify/xml-crypto, absolute XPaths: a Response signature over the whole
 * message, or the assertion's own), parsed.
 * @throws FederationError when no signature of the IdP's key covers an assertion
 */
function verifiedAssertion(xml: string, config: SsoConfigRow): Element {
  const idp = identityProvider(config);
  let signed: string | null;
  try {
    [, signed] = samlify.SamlLib.verifySignature(xml, { metadata: idp.entityMeta, signatureAlgorithm: idp.entitySetting.requestSignatureAlgorithm });
  } catch (e) {
    throw new FederationError(`The SAML response is not valid (${(e as Error).message ?? e})`, e);
  }
  check(signed, 'The SAML response is not valid (no signature of the identity provider covers the assertion)');
  const el = parser.parseFromString(signed, 'text/xml').documentElement as unknown as Element;
  check(el.namespaceURI === NS_ASSERTION && el.localName === 'Assertion', 'The SAML response is not valid (the signed element is not an assertion)');
  return el;
}

/**
 * Remembers an accepted assertion's ID until `expiresAt` (ms); prunes the IDs that have expired by `now`. Insert or
 * conflict: a second use of the ID — a replay, even inside a new Response with a new ID — is refused (issue 29).
 * @throws FederationError when the IdP's assertion ID was seen before
 */
export async function rememberAssertionId(db: Db, row: { idpEntityId: string; assertionId: string; configId: string; expiresAt: number; now: number }): Promise<void> {
  await db.delete(samlAssertionIds).where(lt(samlAssertionIds.expiresAt, new Date(row.now)));
  const inserted = await db
    .insert(samlAssertionIds)
    .values({ idpEntityId: row.idpEntityId, assertionId: row.assertionId, configId: row.configId, expiresAt: new Date(row.expiresAt), createdAt: new Date(row.now) })
    .onConflictDoNothing()
    .returning({ id: samlAssertionIds.assertionId });
  check(inserted.length === 1, 'The SAML assertion has already been used (replay)');
}

/**
 * Validates a base64 SAMLResponse for the login that sent `requestId` (issue 29 item 2 for the time, confirmation,
 * issuer and replay checks):
 * - text: no DOCTYPE/ENTITY, exactly one assertion;
 * - samlify: XML schema (xmllint), a valid signature of the IdP's key over the message or the assertion, status
 *   Success, the assertion's Issuer = the IdP's entity id (its wall-clock time checks are off);
 * - here, on the document: a Response whose Issuer (when present) is the IdP, Destination (when present) our ACS,
 *   InResponseTo = `requestId`, one Assertion child, the signed one (same ID), no comment in NameID;
 * - here, on the signed assertion, by the emulator clock ± {@link SAML_CLOCK_SKEW_MS}: Issuer, every
 *   AudienceRestriction = our SP, Conditions NotBefore / NotOnOrAfter, SessionNotOnOrAfter, a bearer
 *   SubjectConfirmation with SubjectConfirmationData NotOnOrAfter (required), Recipient = our ACS, InResponseTo
 *   (when present) = `requestId`, NotBefore (when present);
 * - last, the assertion ID is remembered until it expires: a second use is refused ({@link rememberAssertionId}).
 * @param db the request's database (the emulator clock; the remembered IDs)
 * @returns the asserted email (NameID, else an email attribute), name and groups (the `groups` attribute, one
 *   AttributeValue per group).
 * @throws FederationError naming the failed check.
 */
export async function validateSamlResponse(issuer: string, config: SsoConfigRow, samlResponse: string, requestId: string, db: Db): Promise<AssertedIdentity> {
  const { acsUrl, spEntityId } = spEndpoints(issuer);
  const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
  checkMessageText(xml);
  let extract: Record<string, unknown>;
  try {
    ({ extract } = (await serviceProvider(issuer).parseLoginResponse(identityProvider(config), 'post', { body: { SAMLResponse: samlResponse } })) as {
      extract: Record<string, unknown>;
    });
  } catch (e) {
    throw new FederationError(`The SAML response is not valid (${(e as Error).message ?? e})`, e);
  }
  const expect: ResponseExpectations = { acsUrl, spEntityId, idpEntityId: config.samlIdpEntityId!, requestId, now: await emulatorNow(db) };
  const inDocument = checkResponse(parser.parseFromString(xml, 'text/xml').documentElement as unknown as Element, expect);
  const assertion = verifiedAssertion(xml, config);
  checkSameAssertion(inDocument, assertion);
  const expiresAt = checkAssertion(assertion, expect);
  await rememberAssertionId(db, { idpEntityId: expect.idpEntityId, assertionId: assertion.getAttribute('ID')!, configId: config.id, expiresAt, now: expect.now });
  return assertedIdentity(extract);
}

/** The identity samlify extracted from the verified assertion: email (NameID, else an email attribute), name, groups. */
function assertedIdentity(extract: Record<string, unknown>): AssertedIdentity {
  const attributes = (extract.attributes ?? {}) as Record<string, unknown>;
  const attr = (...names: string[]) => names.map((n) => asArray(attributes[n])[0]).find(Boolean);
  const nameId = typeof extract.nameID === 'string' ? extract.nameID.trim() : '';
  const email = (/^[^@\s]+@[^@\s]+$/.test(nameId) ? nameId : (attr('email', 'mail', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress') ?? ''))
    .trim()
    .toLowerCase();
  if (!/^[^@\s]+@[^@\s]+$/.test(email)) throw new FederationError('The SAML assertion carries no email');
  return {
    email,
    name: attr('name', 'displayName', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name'),
    groups: groupNames(attributes.groups ?? attributes['http://schemas.microsoft.com/ws/2008/06/identity/claims/groups']),
    attributes: Object.fromEntries(Object.entries(attributes).map(([k, v]) => [k, asArray(v)])),
  };
}
