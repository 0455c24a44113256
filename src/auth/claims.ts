/**
 * Reads the claims (payload) of a JWT WITHOUT verifying it. The elements
 * only use claims to describe the signed-in user (sign-in §3: the user is
 * built from the decoded access-token claims); nothing is trusted because of
 * them — the API and the host's server verify tokens (jose, in the emulator
 * and fe-elements/server). A few lines here instead of jose in the login
 * box's first-input path keep it inside its size budget.
 * @throws TypeError when `token` is not a JWT with a JSON payload.
 */
export function decodeClaims(token: string): Record<string, unknown> {
  const part = token.split('.')[1];
  if (!part) throw new TypeError('Not a JWT');
  const base64 = part
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(part.length / 4) * 4, '=');
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const claims = JSON.parse(new TextDecoder().decode(bytes)) as unknown;
  if (!claims || typeof claims !== 'object' || Array.isArray(claims)) throw new TypeError('JWT payload is not an object');
  return claims as Record<string, unknown>;
}
