/**
 * Root layout: renders the session hint for the elements (the public user, no tokens)
 * so `<fe-app>` starts signed in without a flash, and the user's name on first paint.
 * (Outside React, `renderSessionScript(session)` returns the whole `<script>` element.)
 */
import type { ReactNode } from 'react';
import { headers } from 'next/headers';
import { SESSION_SCRIPT_ID, escapeJsonForHtml, sessionHint } from 'fe-elements/server';
import { fe } from '../lib/fe';

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'fe-app': { 'base-url': string; 'client-id': string; children?: ReactNode };
    }
  }
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  const { session } = await fe.getSession(await headers());
  return (
    <html lang="en">
      <head>
        {session && <script type="application/json" id={SESSION_SCRIPT_ID} dangerouslySetInnerHTML={{ __html: escapeJsonForHtml(JSON.stringify(sessionHint(session))) }} />}
        <script type="module" src="/dist/fe-routes.js" />
      </head>
      <body>
        <fe-app base-url="/" client-id={fe.config.clientId}>
          <header>
            {session ? (
              <>
                Signed in as <strong>{session.user.name}</strong> · <a href="/account/logout">Sign out</a>
              </>
            ) : (
              <a href="/account/login">Sign in</a>
            )}
          </header>
          {children}
        </fe-app>
      </body>
    </html>
  );
}
