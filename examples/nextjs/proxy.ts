/**
 * Next.js Proxy (Next.js 16; "Middleware" before — see the README): keeps the session fresh
 * before pages render and protects pages. Server components cannot set cookies, so the
 * refresh happens here: the renewed `Set-Cookie` goes to the browser, and the rendering
 * request gets the renewed `Cookie` header, so `fe.getSession(await headers())` in a page
 * sees the new session instead of refreshing the spent token again.
 *
 * Runs on the Node.js runtime (the Proxy default), in the same process as the route handlers,
 * so it shares their server session (lib/fe.ts): one refresh per token, and a session signed
 * out at `/account/logout` stays signed out here too.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { applySetCookies } from 'fe-elements/server';
import { fe } from './lib/fe';

/** Pages that need a session. */
const PROTECTED = /^\/(dashboard|settings)(\/|$)/;

export async function proxy(request: NextRequest): Promise<NextResponse> {
  const { session, setCookie } = await fe.getSession(request);

  if (!session && PROTECTED.test(request.nextUrl.pathname)) {
    const login = new URL('/account/login', request.url);
    login.searchParams.set('redirectUrl', request.nextUrl.pathname + request.nextUrl.search);
    const res = NextResponse.redirect(login);
    for (const c of setCookie) res.headers.append('set-cookie', c);
    return res;
  }

  if (!setCookie.length) return NextResponse.next();
  const headers = new Headers(request.headers);
  headers.set('cookie', applySetCookies(request.headers.get('cookie'), setCookie));
  const res = NextResponse.next({ request: { headers } });
  for (const c of setCookie) res.headers.append('set-cookie', c);
  return res;
}

export const config = {
  // pages only: the session routes that read and write the cookie themselves, and static files, are left alone
  matcher: ['/((?!frontegg/|oauth/callback|account/logout|_next/|favicon.ico|dist/).*)'],
};
