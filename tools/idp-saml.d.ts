/** A local SAML 2.0 identity provider (tools/idp-saml.js). */
export interface SamlIdp {
  url: string;
  entityId: string;
  ssoUrl: string;
  /** The signing certificate (PEM). */
  certificate: string;
  /** The IdP metadata XML. */
  metadata: string;
  /** What the IdP posts for the AuthnRequest at `authnRequestUrl`, signed in as `email`. */
  respond(authnRequestUrl: string, email: string): Promise<{ acsUrl: string; SAMLResponse: string; RelayState: string }>;
  close(): Promise<void>;
}
export function startSamlIdp(opts?: {
  port?: number;
  accounts?: { email: string; name?: string; groups?: string[] }[];
  spMetadata?: string;
  sp?: { entityId: string; acsUrl: string };
}): Promise<SamlIdp>;
/** A new RSA-2048 key and a self-signed certificate (PEM). */
export function selfSignedCertificate(commonName: string): { privateKey: string; certificate: string };
