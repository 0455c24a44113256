/**
 * Hosted login start (FE_HOSTED_LOGIN=true): redirects to the authorize endpoint with PKCE.
 * For embedded login, delete this file and render `<fe-routes>` (or `<fe-login-box>`) on an
 * `app/account/[[...page]]/page.tsx` instead.
 */
import { handle } from '../../../lib/fe';

export const dynamic = 'force-dynamic';
export { handle as GET };
