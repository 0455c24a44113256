/**
 * Root layout: renders the session hint for the elements (the public user, no tokens)
 * so `<fe-app>` starts signed in without a flash, and the user's name on first paint.
 * (Outside React, `renderSessionScript(session)` returns the whole `<script>` element.)
 * The elements themselves live in the client component `<FeHost>` (fe-host.tsx).
 */
import type { ReactNode } from 'react';
import { headers } from 'next/headers';
import { SESSION_SCRIPT_ID, escapeJsonForHtml, sessionHint } from 'fe-elements/server';
import { fe } from '../lib/fe';
import { FeHost } from './fe-host';
import './globals.css';

export const metadata = { title: 'Acme — fe-elements in Next.js' };

export default async function RootLayout({ children }: { children: ReactNode }) {
  const { session } = await fe.getSession(await headers());
  return (
    <html lang="en">
      <head>
        {session && <script type="application/json" id={SESSION_SCRIPT_ID} dangerouslySetInnerHTML={{ __html: escapeJsonForHtml(JSON.stringify(sessionHint(session))) }} />}
      </head>
      <body>
        <FeHost clientId={fe.config.clientId} user={session ? { email: session.user.email, name: session.user.name } : null}>
          <header>
            <strong>Acme</strong>
            {session && <span data-testid="who">{session.user.name}</span>}
          </header>
          {children}
        </FeHost>
      </body>
    </html>
  );
}
