/**
 * "Test sign-in" of an SSO connection (issue 31 item 5; emulator/src/federation/test-sign-in.ts): opens the IdP in a new
 * window, then reports the result in the portal — the email the IdP signed in and every attribute (SAML) or claim
 * (OIDC) it sent, or why its answer was refused. An OIDC test returns through the redirect URI already registered at
 * the IdP (the login box's callback page, which says the test is over and signs nobody in). Nobody is signed in and no user is made; a disabled connection can be tested. The window is
 * opened on the click (so no pop-up blocker stops it) and sent to the IdP once the emulator gave its address; the
 * result is read every second until the IdP answered, the test expired, or the window was closed without an answer.
 */
import { Fragment, useEffect, useRef, useState } from 'react';
import type { SsoConfiguration } from '../../api/sso.ts';
import { createSsoResource, type SsoTestResult } from '../resources/sso.ts';
import { useSection } from '../shell/context.ts';
import * as css from '../ui/admin.css.ts';
import * as ssoCss from './sso.css.ts';
import { ErrorSlot } from '../ui/states.tsx';

/** How often the result is read while the IdP's window is open, in ms. */
const POLL_MS = 1000;

type TestState = { phase: 'idle' } | { phase: 'blocked' } | { phase: 'waiting' } | { phase: 'error'; error: unknown } | { phase: 'done'; result: SsoTestResult };

/** The test sign-in of `configuration` (a button, its hint, and the result below it). */
export function TestSignIn({ configuration }: { configuration: SsoConfiguration }) {
  const { t, resources } = useSection();
  const sso = resources.use(createSsoResource);
  const [state, setState] = useState<TestState>({ phase: 'idle' });
  const stop = useRef<() => void>(() => undefined);
  useEffect(() => () => stop.current(), []);

  const start = () => {
    stop.current();
    const win = window.open('about:blank', `fe-sso-test-${configuration.id}`, 'popup,width=560,height=720');
    if (!win) return setState({ phase: 'blocked' });
    setState({ phase: 'waiting' });
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    stop.current = () => {
      stopped = true;
      clearTimeout(timer);
    };
    const poll = (testId: string) => {
      timer = setTimeout(async () => {
        if (stopped) return;
        const closed = win.closed;
        try {
          const result = await sso.testResult.run({ configId: configuration.id, testId });
          if (stopped) return;
          if (result.status !== 'pending') return setState({ phase: 'done', result });
          // the window closed without an answer: the test is over
          if (closed) return setState({ phase: 'done', result: { id: testId, status: 'expired' } });
          poll(testId);
        } catch (error) {
          if (!stopped) setState({ phase: 'error', error });
        }
      }, POLL_MS);
    };
    sso.startTest.run(configuration.id).then(
      ({ id, url }) => {
        if (stopped) return;
        win.location.href = url;
        poll(id);
      },
      (error: unknown) => {
        win.close();
        if (!stopped) setState({ phase: 'error', error });
      },
    );
  };

  const waiting = state.phase === 'waiting';
  const hintId = `fe-sso-test-hint-${configuration.id}`;
  return (
    <div className={ssoCss.testSignIn} data-test-sign-in={configuration.id}>
      <span>
        <button type="button" className={css.secondaryButton} onClick={start} aria-describedby={hintId} aria-disabled={waiting || undefined}>
          {t('admin.sso.test.button')}
        </button>
      </span>
      <span id={hintId} className={css.hint}>
        {t('admin.sso.test.hint')}
      </span>
      <div role="status" className={ssoCss.testSignIn}>
        {waiting ? (
          <span className={css.hint}>
            <span className={css.spinner} aria-hidden="true" />
            {t('admin.sso.test.waiting')}
          </span>
        ) : null}
        {state.phase === 'done' && state.result.status === 'succeeded' ? <TestSucceeded result={state.result} oidc={configuration.type === 'oidc'} /> : null}
        {state.phase === 'done' && state.result.status === 'expired' ? <p className={css.notice}>{t('admin.sso.test.expired')}</p> : null}
      </div>
      {state.phase === 'blocked' ? <ErrorSlot error={{ message: t('admin.sso.test.blocked') }} /> : null}
      {state.phase === 'error' ? <ErrorSlot error={state.error} /> : null}
      {state.phase === 'done' && state.result.status === 'failed' ? <ErrorSlot error={{ message: t('admin.sso.test.failed', { reason: state.result.reason }) }} /> : null}
    </div>
  );
}

/** A successful test: who the IdP signed in, and every attribute (SAML) or claim of the ID token (OIDC) it sent. */
function TestSucceeded({ result, oidc }: { result: Extract<SsoTestResult, { status: 'succeeded' }>; oidc: boolean }) {
  const { t } = useSection();
  const attributes = Object.entries(result.attributes);
  return (
    <div className={ssoCss.testSucceeded}>
      <p className={css.flush}>
        <strong>✓ {t('admin.sso.test.succeeded', { email: result.email })}</strong>
      </p>
      {attributes.length ? (
        <>
          <h3 className={css.subtitle}>{t(oidc ? 'admin.sso.test.claims' : 'admin.sso.test.attributes')}</h3>
          <dl className={ssoCss.facts} data-test-attributes="">
            {attributes.map(([name, values]) => (
              <Fragment key={name}>
                <dt>{name}</dt>
                <dd>{values.join(', ')}</dd>
              </Fragment>
            ))}
          </dl>
        </>
      ) : null}
    </div>
  );
}
