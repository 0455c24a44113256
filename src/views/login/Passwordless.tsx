/**
 * The login box's passwordless and strategy views (loaded on demand with
 * React.lazy; nothing here is on the path before the first input):
 * - `preLogin` for the NoLocalAuthentication strategy: social buttons and an
 *   email that only looks for single sign-on;
 * - `magicLinkPreLoginSuccess` ("check your email"), `loginWithOtc` (email
 *   code), `loginWithSmsOtc` (SMS code), `loginWithQuickSmsOtc` (quick SMS
 *   sign-in; its registration is a step after sign-in, ./AfterSignIn.tsx): a code
 *   field (`autocomplete="one-time-code"`), "Send again" with a visible
 *   countdown, and a way back;
 * - `loginWithSSOFailed`.
 * (preLogin's social buttons and quick SMS login: ./PreLoginExtras.tsx.)
 * Views render the snapshot and send events (machines/login.machine.ts); the
 * calls run in the machine's actors.
 */
import type { ReactNode } from 'react';
import { RESEND_COOLDOWN_MS, type LoginStep } from '../../../machines/login.machine.ts';
import type { FlowError } from '../../../machines/errors.ts';
import { enPasswordless } from '../../i18n/en-passwordless.ts';
import { addMessages, errorText, type Translate } from '../../i18n/index.ts';
import * as c from '../shared/card.css.ts';
import { Card, Field, focusFirstInvalid, LightForm, SubmitButton } from '../shared/ui.tsx';
import { looksLikeEmail } from '../../auth/email.ts';
import type { LoginStepProps } from './step-props.ts';
import { useNow } from '../shared/use-now.ts';

// this chunk's texts
addMessages('en', enPasswordless);

/** A failed passwordless sign-in reads "Failed to authenticate: <the server's reason>"; other errors as usual. */
export function passwordlessError(t: Translate, error: FlowError | null | undefined): string {
  if (error?.key === 'login.failedToAuthenticate' && error.message) return t('login.failedReason', { reason: error.message });
  return errorText(t, error);
}

interface Props extends LoginStepProps {
  step: LoginStep;
  /** preLogin (NoLocalAuthentication): the social login buttons. */
  social?: ReactNode;
}

/** The code typed (spaces dropped), or '' with a field error and focus. */
function codeOf(t: Translate, data: FormData, form: HTMLFormElement, setFieldErrors: Props['setFieldErrors']): string {
  const code = String(data.get('code') ?? '').replace(/\s+/g, '');
  setFieldErrors(code ? {} : { code: t('passwordless.code.required') });
  if (!code) focusFirstInvalid(form);
  return code;
}

/** "Send again", disabled with a countdown while the last code or link is fresh (RESEND_COOLDOWN_MS). */
function Resend({ t, cooling, sending, sentAt, onResend }: { t: Translate; cooling: boolean; sending: boolean; sentAt: number | null; onResend: () => void }) {
  const now = useNow(cooling, sentAt);
  const seconds = Math.max(1, Math.ceil(((sentAt ?? now) + RESEND_COOLDOWN_MS - now) / 1000));
  const off = cooling || sending;
  return (
    <button type="button" className={c.linkButton} part="resend" aria-disabled={off ? true : undefined} onClick={() => !off && onResend()}>
      {sending ? t('passwordless.resending') : cooling ? t('passwordless.resendIn', { seconds }) : t('passwordless.resend')}
    </button>
  );
}

/** The passwordless step shown (the default export, for React.lazy). */
export default function Passwordless({ step, host, t, snapshot, send, fieldErrors, setFieldErrors, social }: Props) {
  const ctx = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const error = passwordlessError(t, ctx.error);
  const notice = ctx.notice ? t(ctx.notice) : '';
  const link = (label: string, onClick: () => void, partName?: string) => (
    <button type="button" className={c.linkButton} part={partName} onClick={onClick}>
      {label}
    </button>
  );

  if (step === 'preLogin') {
    // NoLocalAuthentication: no local credentials; the email only finds an SSO connection (none: only the accounts below)
    if (ctx.ssoActive === false) return <Card step="preLogin" title={t('login.title')} subtitle={t('login.noLocal.socialOnly')} error={error} notice={notice} footer={social} />;
    const onSubmit = (data: FormData, form: HTMLFormElement) => {
      const email = String(data.get('email') ?? '').trim();
      const problem = !email ? t('login.email.required') : looksLikeEmail(email) ? '' : t('login.email.invalid');
      setFieldErrors(problem ? { email: problem } : {});
      if (problem) return focusFirstInvalid(form);
      send({ type: 'identifier.submit', email });
    };
    return (
      <Card step="preLogin" title={t('login.title')} subtitle={t('login.noLocal.subtitle')} error={error} notice={notice} footer={social}>
        <LightForm host={host} name="login" busy={busy} onSubmit={onSubmit} focusKey="preLogin">
          <Field label={t('login.email.label')} name="email" type="email" inputMode="email" autoComplete="username" defaultValue={ctx.email} error={fieldErrors.email} />
          <SubmitButton busy={busy} label={t('login.noLocal.continue')} busyLabel={t('login.checking')} />
        </LightForm>
      </Card>
    );
  }

  if (step === 'loginWithSSOFailed') {
    return <Card step={step} title={t('login.ssoFailed.title')} subtitle={t('login.ssoFailed.body')} error={error} busyText={t('common.loading')} />;
  }

  // magicLinkPreLoginSuccess, loginWithOtc, loginWithSmsOtc, loginWithQuickSmsOtc: one parallel config
  const at = (region: object) => snapshot.matches({ [step]: region } as never);
  const submitting = at({ form: 'submitting' });
  const sending = at({ resend: 'sending' });
  const footer = (
    <>
      <Resend t={t} cooling={at({ resend: 'waiting' })} sending={sending} sentAt={ctx.sentAt ?? null} onResend={() => send({ type: 'code.resend' })} />
      {link(step === 'loginWithQuickSmsOtc' ? t('passwordless.otherWay') : t('passwordless.changeEmail'), () => send({ type: 'email.change' }), 'change-email')}
    </>
  );
  const status = sending ? t('passwordless.resending') : undefined;
  if (step === 'magicLinkPreLoginSuccess') {
    return (
      <Card
        step={step}
        title={t('passwordless.magicLink.title')}
        subtitle={t('passwordless.magicLink.body', { email: ctx.email })}
        error={error}
        notice={notice}
        busyText={status}
        footer={footer}
      />
    );
  }
  const [title, body] =
    step === 'loginWithOtc'
      ? [t('passwordless.code.title'), t('passwordless.code.body', { email: ctx.email })]
      : [t('passwordless.sms.title'), step === 'loginWithQuickSmsOtc' ? t('passwordless.quickSms.body') : t('passwordless.sms.body', { email: ctx.email })];
  const onSubmit = (data: FormData, form: HTMLFormElement) => {
    const code = codeOf(t, data, form, setFieldErrors);
    if (code) send({ type: 'code.submit', code });
  };
  return (
    <Card step={step} title={title} subtitle={body} error={error} notice={notice} busyText={status} footer={footer}>
      <LightForm host={host} name={step} busy={submitting} onSubmit={onSubmit} focusKey={step}>
        <Field label={t('passwordless.code.label')} name="code" autoComplete="one-time-code" inputMode="numeric" code error={fieldErrors.code} focus />
        <SubmitButton busy={submitting} label={t('passwordless.submit')} busyLabel={t('passwordless.busy')} />
      </LightForm>
    </Card>
  );
}
