/** Logout: revokes the session at the API, clears the cookie, redirects (through the hosted logout with hosted login). */
import { handle } from '../../../lib/fe';

export const dynamic = 'force-dynamic';
export { handle as GET, handle as POST };
