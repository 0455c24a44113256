/**
 * Next.js middleware: keeps the session fresh before pages render and protects
 * pages. Server components cannot set cookies, so the refresh happens here: the
 * renewed `Set-Cookie` goes to the browser, and the rendering request gets the
 * renewed `Cookie` header so `fe.getSession(await headers())` in a page sees it.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { applySetCookies } from 'fe-elements/server';
import { fe } from './lib/fe';

/** Pages that need a session. */
const PROTECTED = /^\/(dashboard|settings)(\/|$)/;

export async function middleware(request: NextRequest) {
  const { session, setCookie } = await fe.getSession(request);

  if (!session && PROTECTED.test(request.nextUrl.pathname)) {
    const login = new URL('/account/login', request.url);
    login.searchParams.set('redirectUrl', request.nextUrl.pathname + request.nextUrl.search);
    const res = NextResponse.redirect(login);
    for (const c of setCookie) res.headers.append('set-cookie', c);
    return res;
  }

  const headers = new Headers(request.headers);
  if (setCookie.length) headers.set('cookie', applySetCookies(request.headers.get('cookie'), setCookie));
  const res = NextResponse.next({ request: { headers } });
  for (const c of setCookie) res.headers.append('set-cookie', c);
  return res;
}

export const config = {
  // pages only: the session routes and static files are left alone
  matcher: ['/((?!frontegg/|oauth/callback|account/logout|_next/|favicon.ico|dist/).*)'],
};
