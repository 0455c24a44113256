/**
 * Deliberate mistakes against `fe-elements/react`, outside the app (tsconfig `exclude`): the app's own code
 * (App.tsx) uses the same tags and handlers correctly. test/node/examples-types.test.ts compiles this file with
 * the app, and again without its `@ts-expect-error` markers, where each marked line must fail on the name in
 * backticks. (TypeScript never reports unknown hyphenated JSX attributes, so these are value, detail and tag mistakes.)
 */
import type {} from 'fe-elements/react';
import type { PublicUser } from 'fe-elements';

export function Mistakes({ setUser }: { setUser: (user: PublicUser) => void }) {
  return (
    <fe-app
      base-url="/"
      onfe-login={(e) => {
        setUser(e.detail.user);
        // @ts-expect-error wrong detail field `usr`
        setUser(e.detail.usr);
      }}
    >
      {/* @ts-expect-error not a log level: `verbose` */}
      <fe-app base-url="/" log-level="verbose" />
      {/* @ts-expect-error misspelled tag `fe-admin-portl` */}
      <fe-admin-portl />
    </fe-app>
  );
}
