/**
 * A React 19 host's JSX against `fe-elements/react` (frameworks/react.d.ts, generated from
 * custom-elements.json). React 19 passes `onfe-login` to addEventListener('fe-login'). TypeScript never
 * reports an unknown JSX attribute whose name has a hyphen (`redirect-urll`, `onfe-logn`), so the
 * mistakes caught here are misspelled names without one, wrong values and wrong detail fields. Every line
 * after an `@ts-expect-error` marker MUST be an error, about the name in backticks
 * (test/node/framework-types.test.ts). Nothing here runs.
 */
import type {} from 'fe-elements/react';
import type { FeLoginEvent } from 'fe-elements';
import { useRef } from 'react';

export function SignIn({ onLogin }: { onLogin: (event: FeLoginEvent) => void }) {
  const box = useRef<HTMLElementTagNameMap['fe-login-box']>(null);
  return (
    <fe-app base-url="https://app.example.com" log-level="debug" options={{ urlPrefix: 'frontegg' }} onfe-session-change={(e) => void e.detail.isAuthenticated}>
      <fe-login-box ref={box} class="login" style={{ maxWidth: 400 }} redirect-url="/home" autofocus onfe-login={onLogin} onfe-navigate={(e) => e.preventDefault()} />
      <fe-login-box
        onfe-error={(e) => {
          void e.detail.message;
          // @ts-expect-error wrong detail field `mesage`
          void e.detail.mesage;
        }}
      />
      {/* @ts-expect-error misspelled attribute `emial` */}
      <fe-login-box emial="a@example.com" />
      {/* @ts-expect-error not a log level: `verbose` */}
      <fe-app base-url="/" log-level="verbose" />
      {/* @ts-expect-error `max-age` is a number, not a string */}
      <fe-step-up max-age="300" />
      {/* @ts-expect-error `onfe-login` does not take an FeLogoutEvent */}
      <fe-login-box onfe-login={(e: HTMLElementEventMap['fe-logout']) => void e} />
      {/* the elements' events bubble to <fe-app>: one handler there for every navigation */}
      <fe-app
        base-url="/"
        onfe-navigate={(e) => {
          void e.detail.url;
          // @ts-expect-error wrong detail field `ur`
          void e.detail.ur;
        }}
      />
      {/* @ts-expect-error misspelled tag `fe-login-bx` */}
      <fe-login-bx />
    </fe-app>
  );
}
