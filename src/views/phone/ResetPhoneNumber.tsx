import { useStore } from '@nanostores/react';
import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { dispatch } from '../../../elements/internal/react-element.ts';
import { hostOf, useLitContext } from '../../../elements/internal/use-lit-context.ts';
import { resetPhoneMachine, resetPhoneStep, type ResetPhoneEvent, type ResetPhoneSnapshot } from '../../../machines/reset-phone.machine.ts';
import { createPhoneApi } from '../../api/phone.ts';
import { appContext } from '../../app/context.ts';
import type { FeApp } from '../../app/app.ts';
import type { Translate } from '../../i18n/index.ts';
import '../../i18n/en-phone.ts';
import type { AuthUser } from '../../stores/index.ts';
import * as c from '../shared/card.css.ts';
import { Card, digitsOf, errorText, Field, focusFirstInvalid, LightForm, looksLikeEmail, NoProvider, SubmitButton } from '../shared/ui.tsx';
import { goTo, restore } from '../password/ForgotPassword.tsx';

/** Props of `<fe-reset-phone-number>`. */
export interface ResetPhoneNumberProps {
  container?: ShadowRoot | HTMLElement;
  /** Pre-filled email; default the page's `email` query parameter. */
  email?: string;
  /** For stories and tests: a JSON `{ value, context }` to start the machine in. */
  initialState?: string;
}

/** The context a restored state starts from (stories and tests). */
export const RESET_PHONE_DEFAULTS = Object.freeze({
  email: '',
  resetPhoneNumberToken: 'preview-reset-token',
  changePhoneNumberToken: 'preview-change-token',
  phoneNumber: '',
  signedIn: false,
  error: null,
  notice: null,
});

/** E.164 after removing spaces, dashes, dots and parentheses, or `null` (the emulator and the API accept the same). */
export function normalisePhoneNumber(raw: string): string | null {
  const p = raw.replace(/[\s\-().]/g, '');
  return /^\+[1-9]\d{6,14}$/.test(p) ? p : null;
}

/** The user as events carry it: no tokens. */
function withoutTokens(user: AuthUser): AuthUser {
  const { accessToken: _a, refreshToken: _r, mfaToken: _m, ...rest } = user as AuthUser & Record<string, unknown>;
  return rest as AuthUser;
}

/** `<fe-reset-phone-number>`'s React root. */
export function ResetPhoneNumber(props: ResetPhoneNumberProps) {
  const host = hostOf(props.container);
  const app = useLitContext(host, appContext);
  if (!host) return null;
  if (!app) return <NoProvider />;
  return <ResetPhoneFlow app={app} host={host} email={props.email} initialState={props.initialState} />;
}

/**
 * The reset-phone machine with the app's API calls and the element's DOM
 * events. After the SMS sign-in it goes (cancelable `fe-navigate`) to the
 * post-auth URL (the page's `redirectUrl` when allowed, else the
 * authenticated URL); without a session (e.g. the sign-in asked for MFA) to
 * the login route.
 */
export function createResetPhoneLogic(app: FeApp, host: HTMLElement) {
  const api = createPhoneApi(app.client);
  return resetPhoneMachine.provide({
    actors: {
      requestCode: fromPromise(({ input }) => api.resetPhoneNumber(input)),
      verifyCode: fromPromise(({ input }) => api.verifyResetPhoneNumber(input)),
      changePhoneNumber: fromPromise(({ input }) => api.changePhoneNumber(input)),
      sendSmsCode: fromPromise(({ input }) => api.smsPreLogin(input)),
      loginWithCode: fromPromise(async ({ input }) => {
        const response = await api.smsPostLogin(input);
        const result = await app.completeLogin(response);
        return result ? { user: result.user } : null;
      }),
    },
    actions: {
      notifyError: ({ context }) => dispatch(host, 'fe-error', { ...context.error, message: errorText(app.i18n.$t.get(), context.error) }),
      notifyLogin: (_, { user }) => dispatch(host, 'fe-login', { user: withoutTokens(user), restored: false }),
      navigateOn: (_, { to }) =>
        goTo(app, host, to === 'login' ? app.routes.loginUrl : app.resolvePostAuthUrl(new URLSearchParams(location.search).get('redirectUrl'))),
    },
  });
}

function ResetPhoneFlow({ app, host, email, initialState }: { app: FeApp; host: HTMLElement; email?: string; initialState?: string }) {
  const t = useStore(app.i18n.$t);
  const [logic] = useState(() => createResetPhoneLogic(app, host));
  const [snapshot, send] = useMachine(logic, {
    input: { email: email ?? new URLSearchParams(location.search).get('email') ?? '' },
    snapshot: initialState ? restore(logic, initialState, RESET_PHONE_DEFAULTS) : undefined,
  });
  const toLogin = () => goTo(app, host, app.routes.loginUrl);
  return <ResetPhoneSteps host={host} t={t} snapshot={snapshot} send={send} toLogin={toLogin} />;
}

/** Pure view of the reset-phone flow: snapshot + send → the card of the step. */
export function ResetPhoneSteps(props: { host: HTMLElement; t: Translate; snapshot: ResetPhoneSnapshot; send: (e: ResetPhoneEvent) => void; toLogin: () => void }) {
  const step = resetPhoneStep(props.snapshot);
  // a new card (and a new light form) per step, so no typed value carries over into another step's field
  return <Step key={step} {...props} step={step} />;
}

function Step({ host, t, snapshot, send, toLogin, step }: Parameters<typeof ResetPhoneSteps>[0] & { step: ReturnType<typeof resetPhoneStep> }) {
  const [fieldError, setFieldError] = useState('');
  const ctx = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const error = errorText(t, ctx.error);
  const notice = ctx.notice ? t(ctx.notice) : undefined;
  const link = (label: string, onClick: () => void, disabled = false) => (
    <button type="button" className={c.linkButton} onClick={onClick} aria-disabled={disabled ? true : undefined}>
      {label}
    </button>
  );
  const back = link(t('login.backToLogin'), toLogin);
  const codeOf = (data: FormData, form: HTMLFormElement): string | null => {
    const code = digitsOf(data.get('code'));
    const problem = !code ? t('phone.code.required') : code.length === 6 ? '' : t('phone.code.invalid');
    setFieldError(problem);
    if (problem) {
      focusFirstInvalid(form);
      return null;
    }
    return code;
  };

  /** The two code steps (verifyResetPhoneNumber: the emailed code; loginWithSmsOtc: the texted one): one 6-digit code field. */
  const codeStep = (p: { title: string; subtitle: string; notice?: string; links: React.ReactNode; submit: [string, string]; submitting: boolean }) => {
    const onSubmit = (data: FormData, form: HTMLFormElement) => {
      const code = codeOf(data, form);
      if (code) send({ type: 'code.submit', code });
    };
    return (
      <Card step={step} title={p.title} subtitle={p.subtitle} error={error} notice={p.notice} footer={p.links}>
        <LightForm host={host} name={step} busy={busy} onSubmit={onSubmit} focusKey={step}>
          <Field label={t('phone.code.label')} name="code" autoComplete="one-time-code" inputMode="numeric" code error={fieldError} focus />
          <SubmitButton busy={p.submitting} label={p.submit[0]} busyLabel={p.submit[1]} />
        </LightForm>
      </Card>
    );
  };

  switch (step) {
    case 'success':
      return <Card step={step} title={t('phone.success.title')} subtitle={t(ctx.signedIn ? 'phone.success.signedIn' : 'phone.success.signIn')} />;

    case 'verifyResetPhoneNumber': {
      const resending = snapshot.matches({ verifyResetPhoneNumber: 'resending' });
      return codeStep({
        title: t('phone.verify.title'),
        subtitle: t('phone.verify.body', { email: ctx.email }),
        notice: resending ? t('phone.verify.resending') : notice,
        links: (
          <>
            {link(t('phone.verify.resend'), () => !busy && send({ type: 'code.resend' }), busy)}
            {link(t('phone.startOver'), () => !busy && send({ type: 'flow.restart' }), busy)}
          </>
        ),
        submit: [t('phone.verify.submit'), t('phone.verify.busy')],
        submitting: busy && !resending,
      });
    }

    case 'changePhoneNumber': {
      const onSubmit = (data: FormData, form: HTMLFormElement) => {
        const raw = String(data.get('phoneNumber') ?? '').trim();
        const phoneNumber = normalisePhoneNumber(raw);
        setFieldError(!raw ? t('phone.number.required') : phoneNumber ? '' : t('phone.number.invalid'));
        if (!phoneNumber) return focusFirstInvalid(form);
        send({ type: 'phone.submit', phoneNumber });
      };
      return (
        <Card step={step} title={t('phone.change.title')} error={error} footer={link(t('phone.startOver'), () => !busy && send({ type: 'flow.restart' }), busy)}>
          <LightForm host={host} name="changePhoneNumber" busy={busy} onSubmit={onSubmit} focusKey={step}>
            <Field
              label={t('phone.number.label')}
              name="phoneNumber"
              type="tel"
              autoComplete="tel"
              defaultValue={ctx.phoneNumber}
              hint={t('phone.change.body')}
              error={fieldError}
              focus
            />
            <SubmitButton busy={busy} label={t('phone.change.submit')} busyLabel={t('phone.change.busy')} />
          </LightForm>
        </Card>
      );
    }

    case 'loginWithSmsOtc': {
      const sending = snapshot.matches({ loginWithSmsOtc: 'sending' }) || snapshot.matches({ loginWithSmsOtc: 'resending' });
      return codeStep({
        title: t('phone.sms.title'),
        subtitle: t('phone.sms.body', { phoneNumber: ctx.phoneNumber }),
        notice: sending ? t('phone.sms.sending', { phoneNumber: ctx.phoneNumber }) : notice,
        links: (
          <>
            {link(t('phone.sms.resend'), () => !busy && send({ type: 'code.resend' }), busy)}
            {link(t('phone.sms.skip'), () => send({ type: 'login.skip' }))}
          </>
        ),
        submit: [t('phone.sms.submit'), t('phone.sms.busy')],
        submitting: busy && !sending,
      });
    }

    case 'resetPhoneNumber':
    default: {
      const onSubmit = (data: FormData, form: HTMLFormElement) => {
        const value = String(data.get('email') ?? '').trim();
        const problem = !value ? t('login.email.required') : looksLikeEmail(value) ? '' : t('login.email.invalid');
        setFieldError(problem);
        if (problem) return focusFirstInvalid(form);
        send({ type: 'email.submit', email: value });
      };
      return (
        <Card step="resetPhoneNumber" title={t('phone.reset.title')} subtitle={t('phone.reset.body')} error={error} footer={back}>
          <LightForm host={host} name="resetPhoneNumber" busy={busy} onSubmit={onSubmit} focusKey="resetPhoneNumber">
            <Field label={t('login.email.label')} name="email" type="email" inputMode="email" autoComplete="username" defaultValue={ctx.email} error={fieldError} />
            <SubmitButton busy={busy} label={t('phone.reset.submit')} busyLabel={t('phone.reset.busy')} />
          </LightForm>
        </Card>
      );
    }
  }
}
