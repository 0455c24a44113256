/** A local OpenID Connect provider (tools/idp-oidc.js). */
export interface OidcIdp {
  /** e.g. `http://127.0.0.1:41234` */
  issuer: string;
  /** Drives a sign-in over HTTP as `email` (null: Cancel); resolves with the client's callback URL. */
  signIn(authorizeUrl: string, email: string | null): Promise<URL>;
  close(): Promise<void>;
}
export function startOidcIdp(opts?: {
  port?: number;
  clients?: { client_id: string; client_secret: string; redirect_uris: string[] }[];
  accounts?: { email: string; name?: string; emailVerified?: boolean; groups?: string[] }[];
}): Promise<OidcIdp>;
