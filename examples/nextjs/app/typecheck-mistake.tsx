'use client';
/**
 * Deliberate mistakes against `fe-elements/react`, outside the app (tsconfig `exclude`, not a route): the app's
 * own code (fe-host.tsx, views.tsx) uses the same tags and handlers correctly. test/node/examples-types.test.ts
 * compiles this file with the app, and again without its `@ts-expect-error` markers, where each marked line must
 * fail on the name in backticks.
 */
import type {} from 'fe-elements/react';
import type { FeLoginEvent } from 'fe-elements';

export function Mistakes({ onLogin }: { onLogin: (event: FeLoginEvent) => void }) {
  return (
    <fe-app base-url="/">
      <fe-login-box onfe-login={onLogin} onfe-navigate={(e) => void e.detail.url} />
      {/* @ts-expect-error `onfe-logout` does not take an FeLoginEvent handler (`FeLogoutEvent`) */}
      <fe-login-box onfe-logout={onLogin} />
      {/* @ts-expect-error wrong detail field `href` */}
      <fe-login-box onfe-navigate={(e) => void e.detail.href} />
    </fe-app>
  );
}
