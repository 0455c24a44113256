/**
 * App Router route handler: the identity API proxy. The elements (`<fe-app base-url="/">`)
 * call `/frontegg/*` on this origin; the handler adds `Authorization: Bearer <sealed access token>`,
 * serves their refresh from the sealed cookie and seals new tokens of login answers.
 */
import { handle } from '../../../lib/fe';

export const dynamic = 'force-dynamic';
export { handle as GET, handle as POST, handle as PUT, handle as PATCH, handle as DELETE };
