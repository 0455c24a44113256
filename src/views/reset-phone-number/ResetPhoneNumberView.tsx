/**
 * `<fe-reset-phone-number>`'s view (admin §4 resetPhoneNumber →
 * verifyResetPhoneNumber → changePhoneNumber → loginWithSmsOtc → success):
 * renders the machine's snapshot, sends `email.submit`, `code.submit`,
 * `code.resend`, `phone.submit`, `flow.restart` and `route.open`.
 */
import { useSelector } from '@xstate/react';
import { useState, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { resetPhoneNumberStep, type resetPhoneNumberMachine, type ResetPhoneNumberStep } from '../../../machines/reset-phone-number.machine.ts';
import { errorText } from '../../i18n/index.ts';
import * as c from '../shared/card.css.ts';
import { useFlow } from '../shared/flow.tsx';
import { useT } from '../../i18n/use-t.ts';
import { Card, digitsOf, Field, focusFirstInvalid, LightForm, SubmitButton } from '../shared/ui.tsx';
import { looksLikeEmail } from '../../auth/email.ts';

/** E.164 after removing spaces, dashes, dots and parentheses, or `null` (the emulator and the API accept the same). */
export function normalisePhoneNumber(raw: string): string | null {
  const p = raw.replace(/[\s\-().]/g, '');
  return /^\+[1-9]\d{6,14}$/.test(p) ? p : null;
}

export function ResetPhoneNumberView() {
  const { actor } = useFlow<ActorRefFrom<typeof resetPhoneNumberMachine>>();
  const step = useSelector(actor, resetPhoneNumberStep);
  // a new card (and a new light form) per step, so no typed value carries over into another step's field
  return <Step key={step} step={step} />;
}

function Step({ step }: { step: ResetPhoneNumberStep }) {
  const { actor, app, host } = useFlow<ActorRefFrom<typeof resetPhoneNumberMachine>>();
  const t = useT(app);
  const snapshot = useSelector(actor, (s) => s);
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
  const toLogin = () => actor.send({ type: 'route.open', route: 'loginUrl' });
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
  const codeStep = (p: { title: string; subtitle: string; notice?: string; links: ReactNode; submit: [string, string]; submitting: boolean }) => {
    const onSubmit = (data: FormData, form: HTMLFormElement) => {
      const code = codeOf(data, form);
      if (code) actor.send({ type: 'code.submit', code });
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
      const sending = snapshot.matches({ verifyResetPhoneNumber: 'sending' });
      return codeStep({
        title: t('phone.verify.title'),
        subtitle: t('phone.verify.body', { email: ctx.email }),
        notice: sending ? t('phone.verify.resending') : notice,
        links: (
          <>
            {link(t('phone.verify.resend'), () => !busy && actor.send({ type: 'code.resend' }), busy)}
            {link(t('phone.startOver'), () => !busy && actor.send({ type: 'flow.restart' }), busy)}
          </>
        ),
        submit: [t('phone.verify.submit'), t('phone.verify.busy')],
        submitting: busy && !sending,
      });
    }

    case 'changePhoneNumber': {
      const onSubmit = (data: FormData, form: HTMLFormElement) => {
        const raw = String(data.get('phoneNumber') ?? '').trim();
        const phoneNumber = normalisePhoneNumber(raw);
        setFieldError(!raw ? t('phone.number.required') : phoneNumber ? '' : t('phone.number.invalid'));
        if (!phoneNumber) return focusFirstInvalid(form);
        actor.send({ type: 'phone.submit', phoneNumber });
      };
      return (
        <Card step={step} title={t('phone.change.title')} error={error} footer={link(t('phone.startOver'), () => !busy && actor.send({ type: 'flow.restart' }), busy)}>
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
      const sending = snapshot.matches({ loginWithSmsOtc: 'sending' });
      return codeStep({
        title: t('phone.sms.title'),
        subtitle: t('phone.sms.body', { phoneNumber: ctx.phoneNumber }),
        notice: sending ? t('phone.sms.sending', { phoneNumber: ctx.phoneNumber }) : notice,
        links: (
          <>
            {link(t('phone.sms.resend'), () => !busy && actor.send({ type: 'code.resend' }), busy)}
            {link(t('phone.sms.skip'), toLogin)}
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
        actor.send({ type: 'email.submit', email: value });
      };
      return (
        <Card step="resetPhoneNumber" title={t('phone.reset.title')} subtitle={t('phone.reset.body')} error={error} footer={link(t('login.backToLogin'), toLogin)}>
          <LightForm host={host} name="resetPhoneNumber" busy={busy} onSubmit={onSubmit} focusKey="resetPhoneNumber">
            <Field label={t('login.email.label')} name="email" type="email" inputMode="email" autoComplete="username" defaultValue={ctx.email} error={fieldError} />
            <SubmitButton busy={busy} label={t('phone.reset.submit')} busyLabel={t('phone.reset.busy')} />
          </LightForm>
        </Card>
      );
    }
  }
}
