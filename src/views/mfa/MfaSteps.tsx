import { useState } from 'react';
import type { Translate } from '../../i18n/index.ts';
import '../../i18n/en-mfa.ts';
import type { MfaEvent, MfaSnapshot } from '../../../machines/mfa.machine.ts';
import * as c from '../shared/card.css.ts';
import { Card, Checkbox, digitsOf, errorText, Field, focusFirstInvalid, LightForm, SubmitButton } from '../shared/ui.tsx';

/** Props of the MFA step views: the MFA machine's snapshot and its `send`. */
export interface MfaStepsProps {
  host: HTMLElement;
  t: Translate;
  snapshot: MfaSnapshot;
  send: (event: MfaEvent) => void;
  /** Footer actions of the surrounding flow (e.g. back to sign in). */
  footer?: React.ReactNode;
}

/** The spec's MFA step of a snapshot (sign-in §4 "MFA steps"). */
export function mfaStep(snapshot: MfaSnapshot): 'verify' | 'authenticatorApp' | 'recoveryCode' | 'done' {
  const v = snapshot.value;
  return (typeof v === 'string' ? v : Object.keys(v)[0]) as ReturnType<typeof mfaStep>;
}

/** Renders the MFA step the machine is in: verify, authenticatorApp (enrol) or recoveryCode. */
export function MfaSteps({ host, t, snapshot, send, footer }: MfaStepsProps) {
  const step = mfaStep(snapshot);
  const busy = snapshot.hasTag('busy');
  const [codeError, setCodeError] = useState('');
  const error = errorText(t, snapshot.context.error);

  const submitCode = (data: FormData, form: HTMLFormElement) => {
    const code = digitsOf(data.get('code'));
    if (!code) setCodeError(t('mfa.code.required'));
    else if (code.length !== 6) setCodeError(t('mfa.code.invalid'));
    else {
      setCodeError('');
      send({ type: 'code.submit', code, rememberDevice: data.get('rememberDevice') === 'true' });
      return;
    }
    focusFirstInvalid(form);
  };

  const codeForm = (submitLabel: string) => (
    <LightForm host={host} name="mfa" busy={busy} onSubmit={submitCode} focusKey={step}>
      <input type="hidden" name="username" autoComplete="username" value={snapshot.context.email ?? ''} readOnly />
      <Field label={t('mfa.code.label')} name="code" autoComplete="one-time-code" inputMode="numeric" code error={codeError} focus />
      <Checkbox name="rememberDevice" label={t('mfa.rememberDevice')} />
      <SubmitButton busy={busy} label={submitLabel} busyLabel={t('mfa.busy')} />
    </LightForm>
  );

  if (step === 'verify') {
    return (
      <Card
        step="verify"
        title={t('mfa.verify.title')}
        subtitle={t('mfa.verify.body')}
        error={error}
        footer={
          <>
            <button type="button" className={c.linkButton} onClick={() => send({ type: 'recovery.start' })}>
              {t('mfa.lostDevice')}
            </button>
            {footer}
          </>
        }
      >
        {codeForm(t('mfa.verify.submit'))}
      </Card>
    );
  }

  if (step === 'authenticatorApp') {
    const loading = snapshot.matches({ authenticatorApp: 'loading' });
    const failed = snapshot.matches({ authenticatorApp: 'failed' });
    return (
      <Card
        step="authenticatorApp"
        title={t('mfa.authenticatorApp.title')}
        subtitle={t('mfa.authenticatorApp.body')}
        error={error}
        busyText={loading ? t('mfa.authenticatorApp.loading') : undefined}
        footer={footer}
      >
        {snapshot.context.qrCode ? <img className={c.qr} part="qr-code" src={snapshot.context.qrCode} alt={t('mfa.authenticatorApp.qrAlt')} /> : null}
        {snapshot.context.secret ? (
          <p>
            {t('mfa.authenticatorApp.secret')}{' '}
            <code className={c.code} part="secret" data-testid="totp-secret">
              {snapshot.context.secret}
            </code>
          </p>
        ) : null}
        {failed ? (
          <button type="button" className={c.secondaryButton} onClick={() => send({ type: 'retry' })}>
            {t('mfa.retry')}
          </button>
        ) : null}
        {loading || failed ? null : codeForm(t('mfa.authenticatorApp.submit'))}
      </Card>
    );
  }

  if (step === 'recoveryCode') {
    return (
      <Card step="recoveryCode" title={t('mfa.recoveryCode.title')} subtitle={t('mfa.recoveryCode.body')}>
        <code className={c.code} part="recovery-code" data-testid="recovery-code">
          {snapshot.context.recoveryCode}
        </code>
        <button type="button" className={c.button} onClick={() => send({ type: 'recoveryCode.confirm' })} autoFocus>
          {t('mfa.recoveryCode.confirm')}
        </button>
      </Card>
    );
  }
  return <Card step="done" title={t('mfa.verify.title')} busyText={t('mfa.busy')} />;
}
