/**
 * The emulator as a SAML 2.0 service provider (samlify, with the xmllint
 * schema validator): one SP per vendor (ACS URL and entity id from
 * {@link spEndpoints}), one IdP per SSO configuration. Requests go out over
 * the HTTP-Redirect binding; responses come back over HTTP-POST and are
 * validated in full by {@link validateSamlResponse}.
 */
import samlify from 'samlify';
import * as xmllint from '@authenio/samlify-node-xmllint';
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
    clockDrifts: [-60_000, 60_000],
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

/**
 * Validates a base64 SAMLResponse for the login that sent `requestId`:
 * - samlify: XML schema (xmllint), the IdP's signature over the message and
 *   over the assertion, status Success, issuer = the IdP's entity id, the
 *   assertion's time window (NotBefore / NotOnOrAfter, ±60 s);
 * - here: exactly one assertion (no wrapping), audience = our SP entity id,
 *   Destination and the subject confirmation's Recipient = our ACS URL,
 *   InResponseTo (response and subject confirmation) = `requestId`.
 * @returns the asserted email (NameID, else an email attribute), name and groups (the `groups` attribute, one
 *   AttributeValue per group).
 * @throws FederationError naming the failed check.
 */
export async function validateSamlResponse(issuer: string, config: SsoConfigRow, samlResponse: string, requestId: string): Promise<AssertedIdentity> {
  const { acsUrl, spEntityId } = spEndpoints(issuer);
  let xml: string;
  try {
    xml = Buffer.from(samlResponse, 'base64').toString('utf8');
  } catch {
    throw new FederationError('The SAML response is not base64');
  }
  if ((xml.match(/<(?:[A-Za-z_][\w.-]*:)?Assertion[\s>/]/g) ?? []).length !== 1) throw new FederationError('The SAML response must carry exactly one assertion');
  let extract: Record<string, unknown>;
  try {
    ({ extract } = (await serviceProvider(issuer).parseLoginResponse(identityProvider(config), 'post', { body: { SAMLResponse: samlResponse } })) as {
      extract: Record<string, unknown>;
    });
  } catch (e) {
    throw new FederationError(`The SAML response is not valid (${(e as Error).message ?? e})`, e);
  }
  const response = (extract.response ?? {}) as Record<string, string | undefined>;
  if (!asArray(extract.audience).includes(spEntityId)) throw new FederationError('The SAML assertion is for another audience');
  if (response.destination && response.destination !== acsUrl) throw new FederationError('The SAML response is for another destination');
  if (response.inResponseTo !== requestId) throw new FederationError('The SAML response does not answer this login (InResponseTo)');
  const confirmation = samlify.Extractor.extract(xml, [
    {
      key: 'confirmation',
      localPath: ['Response', 'Assertion', 'Subject', 'SubjectConfirmation', 'SubjectConfirmationData'],
      attributes: ['InResponseTo', 'Recipient'],
    },
  ]).confirmation as Record<string, string | undefined> | undefined;
  if (confirmation?.inResponseTo && confirmation.inResponseTo !== requestId) throw new FederationError('The SAML assertion does not answer this login (InResponseTo)');
  if (confirmation?.recipient && confirmation.recipient !== acsUrl) throw new FederationError('The SAML assertion is for another recipient');
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
  };
}
