/**
 * The MFA step views (sign-in §4 "MFA steps"), loaded on demand with
 * React.lazy: one view per state of machines/mfa.machine.ts. They render the
 * MFA machine's snapshot and send its events; the calls run in its actors
 * (machines/mfa.actors.ts).
 *
 * Code fields take `autocomplete="one-time-code"` (SMS autofill) and pasted
 * codes ("123 456" works). The remember-device checkbox shows only when the
 * policy allows it. A resend link shows its countdown while the cooldown runs.
 */
import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import type { ActorRef } from 'xstate';
import type { FlowEmitted } from '../../../machines/flow.ts';
import {
  deviceChoices,
  enrollableStrategies,
  mfaStepOf,
  RESEND_COOLDOWN_MS,
  type MfaDeviceChoice,
  type MfaEvent,
  type MfaSnapshot,
  type MfaStrategy,
} from '../../../machines/mfa.machine.ts';
import { enMfa } from '../../i18n/en-mfa.ts';
import { addMessages, errorText, type MessageKey, type Translate } from '../../i18n/index.ts';
import { theme } from '../../theme/contract.css.ts';
import * as c from '../shared/card.css.ts';
import { Card, digitsOf, Field, focusFirstInvalid, LightForm, SubmitButton } from '../shared/ui.tsx';
import { useNow } from '../shared/use-now.ts';

// this chunk's texts
addMessages('en', enMfa);

/** A running MFA machine (the login box's or step-up's child `mfa`). */
export type MfaRef = ActorRef<MfaSnapshot, MfaEvent, FlowEmitted>;

/** Props of the MFA step views: the MFA machine's snapshot and its `send`. */
export interface MfaStepsProps {
  host: HTMLElement;
  t: Translate;
  snapshot: MfaSnapshot;
  send: (event: MfaEvent) => void;
  /** Footer actions of the surrounding flow (e.g. back to sign in). */
  footer?: React.ReactNode;
  /** Leaves MFA to sign in again (a used code can't be retried: the sign-in attempt is over). */
  startOver?: () => void;
}

/** The MFA step of a snapshot (sign-in §4 "MFA steps", plus chooseDevice, chooseStrategy, webauthnVerify, webauthnEnroll). */
export function mfaStep(snapshot: MfaSnapshot): string {
  return mfaStepOf(snapshot);
}

/** E.164: a plus, the country code and the number (7–15 digits); spaces, dashes, dots and brackets are ignored. */
export function normalisePhone(value: string): string | null {
  const compact = value.replace(/[\s\-().]/g, '');
  return /^\+[1-9]\d{6,14}$/.test(compact) ? compact : null;
}

/** The MFA steps of a running MFA machine (the login box's child `mfa`): follows its snapshot, sends it the events. */
export function MfaChild({ actor, ...props }: Omit<MfaStepsProps, 'snapshot' | 'send'> & { actor: MfaRef }) {
  const snapshot = useSelector(actor, (s) => s);
  return <MfaSteps {...props} snapshot={snapshot} send={(e) => actor.send(e)} />;
}

/** Renders the MFA step the machine is in. */
export function MfaSteps(props: MfaStepsProps) {
  const step = mfaStep(props.snapshot);
  switch (step) {
    case 'chooseDevice':
      return <ChooseDevice {...props} />;
    case 'chooseStrategy':
      return <ChooseStrategy {...props} />;
    case 'smsVerifyCode':
    case 'emailVerifyCode':
      return <SentCode {...props} kind={step === 'smsVerifyCode' ? 'sms' : 'email'} />;
    case 'smsSetPhoneNumber':
      return <SetPhoneNumber {...props} />;
    case 'webauthnVerify':
    case 'webauthnEnroll':
      return <WebAuthnStep {...props} enrol={step === 'webauthnEnroll'} />;
    case 'authenticatorApp':
      return <AuthenticatorApp {...props} />;
    case 'recoveryCode':
      return <RecoveryCode {...props} />;
    case 'verify':
      return <VerifyAuthenticator {...props} />;
    default:
      return <Card step={step} title={props.t('mfa.verify.title')} busyText={props.t('mfa.busy')} />;
  }
}

/** A checkbox with its label (light DOM, in the slotted form; styled inline: only MFA uses one, so the shared form stylesheet has no rule for it). */
function Checkbox(props: { name: string; label: string }) {
  const id = useId();
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: theme.spacingUnit, minHeight: '24px' }}>
      <input id={id} style={{ width: '20px', height: '20px', margin: 0 }} type="checkbox" name={props.name} value="true" />
      <label htmlFor={id}>{props.label}</label>
    </div>
  );
}

/** The remember-device checkbox, when the policy allows it ("for N days" from `mfaDeviceExpiration`). */
function RememberDevice({ t, snapshot }: { t: Translate; snapshot: MfaSnapshot }) {
  const policy = snapshot.context.rememberDevice;
  if (!policy?.allowed) return null;
  const days = Math.round(policy.expiresIn / 86400);
  const label = days > 1 ? t('mfa.rememberDeviceFor', { days }) : days === 1 ? t('mfa.rememberDeviceForOne') : t('mfa.rememberDevice');
  return <Checkbox name="rememberDevice" label={label} />;
}

/** "Lost your device?", "Use another method" / "Choose another method" when there is another, and the flow's footer. */
function Footer({ t, snapshot, send, footer, recovery = true }: MfaStepsProps & { recovery?: boolean }) {
  return (
    <>
      {snapshot.can({ type: 'device.change' }) ? (
        <button type="button" className={c.linkButton} onClick={() => send({ type: 'device.change' })}>
          {t('mfa.otherMethod')}
        </button>
      ) : null}
      {snapshot.can({ type: 'strategy.change' }) ? (
        <button type="button" className={c.linkButton} onClick={() => send({ type: 'strategy.change' })}>
          {t('mfa.otherStrategy')}
        </button>
      ) : null}
      {recovery && snapshot.can({ type: 'recovery.start' }) ? (
        <button type="button" className={c.linkButton} onClick={() => send({ type: 'recovery.start' })}>
          {t('mfa.lostDevice')}
        </button>
      ) : null}
      {footer}
    </>
  );
}

/** A 6-digit code form (light DOM): the code, remember-device, submit. */
function CodeForm({ host, t, snapshot, send, submitLabel, focusKey }: MfaStepsProps & { submitLabel: string; focusKey: string }) {
  const busy = snapshot.hasTag('busy');
  const [codeError, setCodeError] = useState('');
  const submit = (data: FormData, form: HTMLFormElement) => {
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
  return (
    <LightForm host={host} name="mfa" busy={busy} onSubmit={submit} focusKey={focusKey}>
      <input type="hidden" name="username" autoComplete="username" value={snapshot.context.email ?? ''} readOnly />
      <Field label={t('mfa.code.label')} name="code" autoComplete="one-time-code" inputMode="numeric" code error={codeError} focus />
      <RememberDevice t={t} snapshot={snapshot} />
      <SubmitButton busy={busy} label={submitLabel} busyLabel={t('mfa.busy')} />
    </LightForm>
  );
}

/** `verify`: a code from the authenticator app. */
function VerifyAuthenticator(props: MfaStepsProps) {
  const { t, snapshot } = props;
  return (
    <Card step="verify" title={t('mfa.verify.title')} subtitle={t('mfa.verify.body')} error={errorText(t, snapshot.context.error)} footer={<Footer {...props} />}>
      <CodeForm {...props} submitLabel={t('mfa.verify.submit')} focusKey="verify" />
    </Card>
  );
}

/** How a device is named in the list. */
function deviceLabel(t: Translate, d: MfaDeviceChoice): string {
  switch (d.kind) {
    case 'sms':
      return t('mfa.device.sms', { phone: d.label ?? '' });
    case 'email':
      return t('mfa.device.email', { email: d.label ?? '' });
    case 'webauthn':
      // a platform authenticator is "this device", whatever it was named (not a "security key")
      if (d.deviceType === 'Platform') return t('mfa.device.webauthnPlatform');
      return d.label ? t('mfa.device.webauthnNamed', { name: d.label }) : t('mfa.device.webauthnCrossPlatform');
    default:
      return t('mfa.device.authenticator');
  }
}

/** A list of choices as buttons (shadow card), focus on the first. */
function ChoiceList({ label, items }: { label: string; items: { key: string; text: string; onChoose: () => void }[] }) {
  return (
    <ul aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '8px' }} part="choices">
      {items.map((item, i) => (
        <li key={item.key}>
          <button type="button" className={c.secondaryButton} style={{ width: '100%' }} onClick={item.onChoose} autoFocus={i === 0} data-choice={item.key}>
            {item.text}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** `chooseDevice`: several devices enrolled; the user picks one. */
function ChooseDevice(props: MfaStepsProps) {
  const { t, snapshot, send } = props;
  const devices = deviceChoices(snapshot.context.devices);
  return (
    <Card step="chooseDevice" title={t('mfa.chooseDevice.title')} subtitle={t('mfa.chooseDevice.body')} error={errorText(t, snapshot.context.error)} footer={<Footer {...props} />}>
      <ChoiceList
        label={t('mfa.chooseDevice.label')}
        items={devices.map((d, i) => ({ key: `${d.kind}:${d.id ?? d.label ?? i}`, text: deviceLabel(t, d), onChoose: () => send({ type: 'device.choose', device: d }) }))}
      />
    </Card>
  );
}

/** `chooseStrategy`: forced enrolment with several active strategies; the user picks one. */
function ChooseStrategy(props: MfaStepsProps) {
  const { t, snapshot, send } = props;
  const strategies = enrollableStrategies(snapshot.context.strategies);
  return (
    <Card step="chooseStrategy" title={t('mfa.chooseStrategy.title')} subtitle={t('mfa.chooseStrategy.body')} error={errorText(t, snapshot.context.error)} footer={props.footer}>
      <ChoiceList
        label={t('mfa.chooseStrategy.label')}
        items={strategies.map((s: MfaStrategy) => ({ key: s, text: t(`mfa.strategy.${s}`), onChoose: () => send({ type: 'strategy.choose', strategy: s }) }))}
      />
    </Card>
  );
}

/** Seconds left of the resend cooldown, ticking once a second while `active`. */
function useSecondsLeft(sentAt: number | undefined, active: boolean): number {
  const now = useNow(active, sentAt);
  return Math.max(1, Math.ceil(((sentAt ?? now) + RESEND_COOLDOWN_MS - now) / 1000));
}

/** `smsVerifyCode` / `emailVerifyCode`: the code sent by SMS or email, with resend after the cooldown. */
function SentCode(props: MfaStepsProps & { kind: 'sms' | 'email' }) {
  const { t, snapshot, send, kind, startOver } = props;
  const ctx = snapshot.context;
  const step = kind === 'sms' ? 'smsVerifyCode' : 'emailVerifyCode';
  const sending = snapshot.matches({ [step]: 'sending' } as never);
  const sendFailed = snapshot.matches({ [step]: 'sendFailed' } as never);
  const coolingDown = snapshot.matches({ [step]: { ready: { resend: 'coolingDown' } } } as never);
  const secondsLeft = useSecondsLeft(ctx.codeSentAt, coolingDown);
  const to = kind === 'sms' ? ctx.phoneNumber : (ctx.device?.label ?? ctx.email);
  const subtitle = kind === 'sms' ? (to ? t('mfa.sms.body', { phone: to }) : t('mfa.sms.bodyNoNumber')) : to ? t('mfa.email.body', { email: to }) : t('mfa.email.bodyNoAddress');
  // the way on after a code that can't work any more: a new code (expired, too many tries), or start over (used)
  const hint =
    ctx.errorCode === 'ER-MFA-CODE-EXPIRED' || ctx.errorCode === 'ER-MFA-CODE-ATTEMPTS'
      ? t('mfa.code.expiredHint')
      : ctx.errorCode === 'ER-MFA-CODE-USED'
        ? t('mfa.code.usedHint')
        : '';
  const error = errorText(t, ctx.error);
  return (
    <Card
      step={step}
      title={kind === 'sms' ? t('mfa.sms.title') : t('mfa.email.title')}
      subtitle={sending || sendFailed ? undefined : subtitle}
      error={sendFailed && !error ? t('mfa.code.sendFailed') : error}
      busyText={sending ? t('mfa.code.sending') : undefined}
      footer={<Footer {...props} />}
    >
      {hint ? (
        <p className={c.subtitle} part="hint">
          {hint}
        </p>
      ) : null}
      {ctx.errorCode === 'ER-MFA-CODE-USED' && startOver ? (
        <button type="button" className={c.button} onClick={startOver}>
          {t('mfa.startOver')}
        </button>
      ) : null}
      {sendFailed ? (
        <button type="button" className={c.secondaryButton} onClick={() => send({ type: 'code.resend' })}>
          {t('mfa.retry')}
        </button>
      ) : null}
      {sending || sendFailed ? null : (
        <>
          <CodeForm {...props} submitLabel={t('mfa.verify.submit')} focusKey={step} />
          {coolingDown ? (
            <p className={c.status} part="resend-countdown" data-resend="cooling-down">
              {t('mfa.code.resendIn', { seconds: secondsLeft })}
            </p>
          ) : (
            <button type="button" className={c.linkButton} onClick={() => send({ type: 'code.resend' })} part="resend" data-resend="available">
              {t('mfa.code.resend')}
            </button>
          )}
        </>
      )}
    </Card>
  );
}

/** `smsSetPhoneNumber`: the number to enrol (E.164). */
function SetPhoneNumber(props: MfaStepsProps) {
  const { host, t, snapshot, send } = props;
  const [phoneError, setPhoneError] = useState('');
  const submit = (data: FormData, form: HTMLFormElement) => {
    const raw = String(data.get('phoneNumber') ?? '').trim();
    const phone = normalisePhone(raw);
    if (!raw) setPhoneError(t('mfa.phone.required'));
    else if (!phone) setPhoneError(t('mfa.phone.invalid'));
    else {
      setPhoneError('');
      send({ type: 'phone.submit', phoneNumber: phone });
      return;
    }
    focusFirstInvalid(form);
  };
  return (
    <Card
      step="smsSetPhoneNumber"
      title={t('mfa.smsSetPhoneNumber.title')}
      subtitle={t('mfa.smsSetPhoneNumber.body')}
      error={errorText(t, snapshot.context.error)}
      footer={<Footer {...props} recovery={false} />}
    >
      <LightForm host={host} name="mfa-phone" busy={false} onSubmit={submit} focusKey="smsSetPhoneNumber">
        <Field
          label={t('mfa.phone.label')}
          name="phoneNumber"
          type="tel"
          autoComplete="tel"
          defaultValue={snapshot.context.phoneNumber}
          hint={t('mfa.phone.hint')}
          error={phoneError}
          focus
        />
        <SubmitButton busy={false} label={t('mfa.phone.submit')} busyLabel={t('mfa.code.sending')} />
      </LightForm>
    </Card>
  );
}

/** `webauthnVerify` / `webauthnEnroll`: the button starts the browser's dialog. */
function WebAuthnStep(props: MfaStepsProps & { enrol: boolean }) {
  const { host, t, snapshot, send, enrol } = props;
  const busy = snapshot.hasTag('busy');
  const platform = snapshot.context.device?.deviceType === 'Platform';
  const step = enrol ? 'webauthnEnroll' : 'webauthnVerify';
  const body = enrol
    ? platform
      ? t('mfa.webauthnEnroll.bodyPlatform')
      : t('mfa.webauthnEnroll.bodyCrossPlatform')
    : platform
      ? t('mfa.webauthnVerify.bodyPlatform')
      : t('mfa.webauthnVerify.bodyCrossPlatform');
  const submit = (data: FormData) => send({ type: 'webauthn.start', rememberDevice: data.get('rememberDevice') === 'true' });
  return (
    <Card
      step={step}
      title={t(`mfa.${step}.title${platform ? 'Platform' : ''}` as MessageKey)}
      subtitle={body}
      error={errorText(t, snapshot.context.error)}
      busyText={busy ? t('mfa.webauthn.waiting') : undefined}
      footer={<Footer {...props} recovery={!enrol} />}
    >
      <LightForm host={host} name="mfa-webauthn" busy={busy} onSubmit={submit} focusKey={step}>
        <RememberDevice t={t} snapshot={snapshot} />
        <SubmitButton busy={busy} label={t(`mfa.${step}.start${platform ? 'Platform' : ''}` as MessageKey)} busyLabel={t('mfa.webauthn.waiting')} />
      </LightForm>
    </Card>
  );
}

/** `authenticatorApp`: enrolment with a QR code and secret, then the first code. */
function AuthenticatorApp(props: MfaStepsProps) {
  const { t, snapshot, send } = props;
  const loading = snapshot.matches({ authenticatorApp: 'loading' });
  const failed = snapshot.matches({ authenticatorApp: 'failed' });
  return (
    <Card
      step="authenticatorApp"
      title={t('mfa.authenticatorApp.title')}
      subtitle={t('mfa.authenticatorApp.body')}
      error={errorText(t, snapshot.context.error)}
      busyText={loading ? t('mfa.authenticatorApp.loading') : undefined}
      footer={<Footer {...props} recovery={false} />}
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
      {loading || failed ? null : <CodeForm {...props} submitLabel={t('mfa.authenticatorApp.submit')} focusKey="authenticatorApp" />}
    </Card>
  );
}

/** `recoveryCode`: the code to save, shown once after a first enrolment. */
function RecoveryCode({ t, send, snapshot }: MfaStepsProps) {
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
