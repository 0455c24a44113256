/**
 * An identity provider's SAML metadata and signing certificate, as an administrator gives them (admin spec §4 SAML;
 * api-contract §V createSSOConfigurationByMetadata / …ByMetadataUrl / updateSamlVendorMetadata; issue 23 item 1):
 * the metadata is read with samlify (entity id, the HTTP-Redirect SingleSignOnService, the signing certificate),
 * the certificate with `node:crypto` `X509Certificate`.
 */
import { X509Certificate } from 'node:crypto';
import samlify from 'samlify';
import { badRequest } from '../http/errors.ts';
import { isHttpUrl } from '../http/body.ts';
import { contentTypeNote, OutboundError, outboundFetch, outboundReason, STRICT_POLICY, type OutboundPolicy, type OutboundResponse } from '../http/outbound.ts';

/** How long fetching a metadata URL may take: 5000 ms. */
export const METADATA_FETCH_TIMEOUT_MS = 5000;
/** The largest metadata document read from a URL: 1 MiB. */
export const METADATA_MAX_BYTES = 1024 * 1024;

/** What an IdP's metadata says about signing in through it. */
export interface IdpMetadata {
  entityId: string;
  /** The HTTP-Redirect SingleSignOnService location. */
  ssoEndpoint: string;
  /** The signing certificate, PEM. */
  certificate: string;
}

/** The emulator's reading of a certificate (an addition to Frontegg's answers: `publicCertificateInfo`). */
export interface CertificateInfo {
  subject: string;
  issuer: string;
  /** ISO 8601. */
  validFrom: string;
  /** ISO 8601. */
  validTo: string;
  /** SHA-256 fingerprint, colon-separated hex. */
  fingerprint256: string;
}

/** PEM or bare base64 DER → PEM (64-character lines). */
export function toPem(certificate: string): string {
  const body = certificate.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
  return `-----BEGIN CERTIFICATE-----\n${(body.match(/.{1,64}/g) ?? []).join('\n')}\n-----END CERTIFICATE-----\n`;
}

/**
 * Reads a certificate (PEM or bare base64).
 * @returns its subject, issuer, validity (ISO) and SHA-256 fingerprint; null when it does not parse
 */
export function certificateInfo(certificate: string | null | undefined): CertificateInfo | null {
  if (!certificate?.trim()) return null;
  try {
    const x = new X509Certificate(toPem(certificate));
    return {
      subject: x.subject,
      issuer: x.issuer,
      validFrom: new Date(x.validFrom).toISOString(),
      validTo: new Date(x.validTo).toISOString(),
      fingerprint256: x.fingerprint256,
    };
  } catch {
    return null;
  }
}

/**
 * The certificate as stored (PEM) when it parses.
 * @throws HttpError 400 `Invalid certificate`
 */
export function parseCertificate(certificate: string): string {
  if (!certificateInfo(certificate)) throw badRequest('Invalid certificate', 'ER-SSO-INVALID-CERTIFICATE');
  return toPem(certificate);
}

/**
 * Reads IdP metadata XML.
 * @throws HttpError 400 `The IdP metadata could not be read (<why>)`; 400 `Invalid certificate` when its signing
 *   certificate does not parse
 */
export function parseIdpMetadata(xml: string): IdpMetadata {
  let found: { entityId: string; ssoEndpoint: string; certificate: string };
  try {
    const meta = samlify.IdentityProvider({ metadata: xml }).entityMeta;
    const sso = meta.getSingleSignOnService('redirect'); // the binding's name, not its URN
    const cert = meta.getX509Certificate('signing');
    const entityId = meta.getEntityID();
    if (typeof entityId !== 'string' || !entityId) throw new Error('no entityID');
    if (typeof sso !== 'string') throw new Error('no HTTP-Redirect SingleSignOnService');
    if (!isHttpUrl(sso)) throw new Error('the SingleSignOnService location is not an http(s) URL');
    if (!cert) throw new Error('no signing certificate');
    found = { entityId, ssoEndpoint: sso, certificate: String(Array.isArray(cert) ? cert[0] : cert) };
  } catch (e) {
    throw badRequest(`The IdP metadata could not be read (${(e as Error).message})`, 'ER-SSO-INVALID-METADATA');
  }
  return { ...found, certificate: parseCertificate(found.certificate) };
}

/**
 * Fetches IdP metadata from `url` through the outbound rules (http/outbound.ts: loopback allowed — the local test
 * IdPs —, link-local and metadata addresses never, private ranges with `--allow-private-network`; redirects
 * re-checked), at most {@link METADATA_FETCH_TIMEOUT_MS} and {@link METADATA_MAX_BYTES} (the read stops there).
 * Issue 29 items 3 and 4.
 * @param policy where the emulator may connect (`c.var.rt.outbound`)
 * @returns the document (XML text; not yet parsed)
 * @throws HttpError 400 `url must be an absolute http: or https: URL`; 400 `Could not fetch the IdP metadata from
 *   <url>: <why>` where why is `HTTP 404`, `larger than 1 MiB`, `not XML metadata (content type …)`,
 *   `address not allowed: link-local`, `timed out after 5000 ms`, `ECONNREFUSED`, … (never the fetched content), with
 *   `context: { reason, status? }` (http/outbound.ts `outboundReason`) for the client's sentence (issue 31 item 5)
 */
export async function fetchIdpMetadata(url: string, policy: OutboundPolicy = STRICT_POLICY): Promise<string> {
  if (!isHttpUrl(url)) throw badRequest('url must be an absolute http: or https: URL');
  const failed = (why: string, context: Record<string, unknown>) => badRequest(`Could not fetch the IdP metadata from ${url}: ${why}`, 'ER-SSO-METADATA-URL', context);
  let response: OutboundResponse;
  try {
    response = await outboundFetch(url, {
      policy,
      headers: { accept: 'application/samlmetadata+xml, application/xml, text/xml' },
      maxBytes: METADATA_MAX_BYTES,
      timeoutMs: METADATA_FETCH_TIMEOUT_MS,
    });
  } catch (e) {
    if (e instanceof OutboundError) throw failed(e.message, outboundReason(e));
    throw e;
  }
  if (response.status < 200 || response.status > 299) throw failed(`HTTP ${response.status}`, { reason: 'HTTP', status: response.status });
  const text = response.body.toString('utf8');
  // XML starts with `<` (after a byte-order mark and blanks); anything else is not metadata, and is not quoted
  if (!/^\uFEFF?\s*</.test(text)) throw failed(`not XML metadata${contentTypeNote(response)}`, { reason: 'CONTENT' });
  return text;
}
