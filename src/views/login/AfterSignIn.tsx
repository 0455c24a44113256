/**
 * The login box's steps after sign-in (loaded on demand with React.lazy):
 * the child `afterSignIn` of the login machine
 * (machines/after-sign-in.machine.ts) — breachedPassword,
 * breachedPasswordSuccess, the quick SMS login registration
 * (`loginWithQuickSmsOtc`, login mode `registerQuickLogin`) and
 * promptPasskeys (src/passkeys/views.tsx). Renders the child's snapshot,
 * sends its events.
 */
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { afterSignInStep, type AfterSignInActor } from '../../../machines/after-sign-in.machine.ts';
import { enLoginMore } from '../../i18n/en-login-more.ts';
import { enPasswordless } from '../../i18n/en-passwordless.ts';
import { addMessages, errorText, type Translate } from '../../i18n/index.ts';
import { PasskeyPrompt } from '../../passkeys/views.tsx';
import * as c from '../shared/card.css.ts';
import { Card, Field, focusFirstInvalid, LightForm, SubmitButton } from '../shared/ui.tsx';

// this chunk's texts
addMessages('en', enLoginMore);
addMessages('en', enPasswordless);

/** The step after sign-in shown (the default export, for React.lazy). */
export default function AfterSignIn({ host, t, actor }: { host: HTMLElement; t: Translate; actor: AfterSignInActor }) {
  const snapshot = useSelector(actor, (s) => s);
  const send = actor.send;
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const step = afterSignInStep(snapshot);
  const ctx = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const error = errorText(t, ctx.error);
  switch (step) {
    case 'breachedPassword':
      return (
        <Card
          step={step}
          title={t('login.breachedPassword.title')}
          subtitle={t('login.breachedPassword.body')}
          error={error}
          busyText={busy ? t('login.breachedPassword.sending') : undefined}
        >
          <button type="button" className={c.button} onClick={() => send({ type: 'breached.reset' })} aria-disabled={busy ? true : undefined}>
            {t('login.breachedPassword.reset')}
          </button>
          <button type="button" className={c.secondaryButton} onClick={() => send({ type: 'breached.continue' })}>
            {t('login.breachedPassword.continue')}
          </button>
        </Card>
      );
    case 'breachedPasswordSuccess':
      return (
        <Card step={step} title={t('login.breachedPasswordSuccess.title')} subtitle={t('login.breachedPasswordSuccess.body', { email: ctx.email })}>
          <button type="button" className={c.button} onClick={() => send({ type: 'breached.continue' })}>
            {t('login.breachedPassword.continue')}
          </button>
        </Card>
      );
    case 'promptPasskeys':
      return <PasskeyPrompt t={t} snapshot={snapshot} send={send} />;
    case 'loginWithQuickSmsOtc':
      break;
    default:
      // done: the login machine moves on to success
      return <Card step="success" title={t('login.success.title')} subtitle={t('login.success.body')} />;
  }

  // registerQuickLogin: a phone number, then the code texted to it
  const link = (label: string, onClick: () => void, partName?: string) => (
    <button type="button" className={c.linkButton} part={partName} onClick={onClick}>
      {label}
    </button>
  );
  const skip = link(t('quickLogin.skip'), () => send({ type: 'quickLogin.skip' }), 'quick-login-skip');
  const onCode = snapshot.matches({ loginWithQuickSmsOtc: { register: 'code' } }) || snapshot.matches({ loginWithQuickSmsOtc: { register: 'submitting' } });
  if (!onCode) {
    const onSubmit = (data: FormData, form: HTMLFormElement) => {
      const phoneNumber = String(data.get('phone') ?? '').replace(/[\s\-().]/g, '');
      const ok = /^\+[1-9]\d{6,14}$/.test(phoneNumber);
      setFieldErrors(ok ? {} : { phone: t('quickLogin.phone.invalid') });
      if (!ok) return focusFirstInvalid(form);
      send({ type: 'phone.submit', phoneNumber });
    };
    return (
      <Card step="loginWithQuickSmsOtc" title={t('quickLogin.title')} subtitle={t('quickLogin.body')} error={error} footer={skip}>
        <LightForm host={host} name="quickLoginPhone" busy={busy} onSubmit={onSubmit} focusKey="quickLoginPhone">
          <Field
            label={t('quickLogin.phone.label')}
            name="phone"
            type="tel"
            autoComplete="tel"
            hint={t('quickLogin.phone.hint')}
            defaultValue={ctx.phoneNumber ?? (typeof ctx.user?.phoneNumber === 'string' ? ctx.user.phoneNumber : '')}
            error={fieldErrors.phone}
            focus
          />
          <SubmitButton busy={busy} label={t('quickLogin.send')} busyLabel={t('quickLogin.sending')} />
        </LightForm>
      </Card>
    );
  }
  const onSubmit = (data: FormData, form: HTMLFormElement) => {
    const code = String(data.get('code') ?? '').replace(/\s+/g, '');
    setFieldErrors(code ? {} : { code: t('passwordless.code.required') });
    if (!code) return focusFirstInvalid(form);
    send({ type: 'code.submit', code });
  };
  return (
    <Card
      step="loginWithQuickSmsOtc"
      title={t('quickLogin.title')}
      subtitle={t('quickLogin.code.body', { phone: ctx.phoneNumber ?? '' })}
      error={error}
      footer={
        <>
          {link(t('quickLogin.changeNumber'), () => send({ type: 'email.change' }))}
          {skip}
        </>
      }
    >
      <LightForm host={host} name="quickLoginCode" busy={busy} onSubmit={onSubmit} focusKey="quickLoginCode">
        <Field label={t('passwordless.code.label')} name="code" autoComplete="one-time-code" inputMode="numeric" code error={fieldErrors.code} focus />
        <SubmitButton busy={busy} label={t('quickLogin.verify')} busyLabel={t('quickLogin.verifying')} />
      </LightForm>
    </Card>
  );
}
