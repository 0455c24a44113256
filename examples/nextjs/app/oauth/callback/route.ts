/** Hosted-login callback (FE_HOSTED_LOGIN=true): code → token exchange → sealed cookie → redirect. */
import { handle } from '../../../lib/fe';

export const dynamic = 'force-dynamic';
export { handle as GET };
