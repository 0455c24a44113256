/**
 * The privacy section's device dialogs (api-contract §U): add an authenticator app (QR code, the secret as text,
 * the first code), a phone (number, then the texted code) or a security key (the browser's WebAuthn dialog), each on
 * machines/admin-enroll-mfa.machine.ts, with the recovery code shown once after the first device; and remove a
 * device, proving possession (a current code of the app, a code texted to the phone, a touch of the key; a passkey
 * only confirms). A refusal keeps the input and shows the server's message, announced.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useState, type FormEvent } from 'react';
import type { EnrollKind } from '../../../machines/admin-enroll-mfa.machine.ts';
import type { MessageKey } from '../../i18n/index.ts';
import { useSection } from '../shell/context.ts';
import { useSectionFlow } from '../shell/use-section-flow.ts';
import { enrollMfaFlow } from './flows.ts';
import * as css from '../ui/admin.css.ts';
import * as privacyCss from './privacy.css.ts';
import { AdminDialog, ConfirmDialog } from '../ui/dialog.tsx';
import { DialogActions, DoneActions, OneTimeCodeField, TextField } from '../ui/form.tsx';
import { Loading } from '../ui/states.tsx';
import { useSave } from '../ui/use-save.ts';
import { failureText, type DeviceRow } from './devices.ts';
import { createProfileResource } from '../resources/profile.ts';

const TITLE: Record<EnrollKind, MessageKey> = {
  authenticator: 'admin.privacy.app.title',
  sms: 'admin.privacy.sms.title',
  securityKey: 'admin.privacy.key.title',
};
const DEVICE: Record<EnrollKind, MessageKey> = {
  authenticator: 'admin.privacy.device.authenticator',
  sms: 'admin.privacy.kind.sms',
  securityKey: 'admin.privacy.device.securityKey',
};

/** A failure, announced, in our words (see {@link failureText}); nothing without one. */
function Failure({ error }: { error: unknown }) {
  const { t } = useSection();
  if (!error) return null;
  return (
    <div className={css.alert} role="alert" part="error">
      {failureText(error, t)}
    </div>
  );
}

/** A one-time-code field: numeric keyboard, the OS's code autofill, pasting a code with spaces works. */
export function CodeField({ value, onChange, error, autoFocus = true }: { value: string; onChange: (v: string) => void; error: boolean; autoFocus?: boolean }) {
  const { t } = useSection();
  return (
    <OneTimeCodeField
      label={t('admin.privacy.code')}
      fieldId="fe-mfa-code"
      error={error ? t('admin.privacy.codeRequired') : null}
      value={value}
      onValue={onChange}
      autoFocus={autoFocus}
    />
  );
}

/** A phone-number field (E.164 hint, the OS's phone autofill), focused when it mounts; `missing`: left empty on submit. */
export function PhoneField({ value, onChange, missing, fieldId }: { value: string; onChange: (v: string) => void; missing: boolean; fieldId: string }) {
  const { t } = useSection();
  return (
    <TextField
      label={t('admin.privacy.sms.phone')}
      fieldId={fieldId}
      hint={t('admin.privacy.sms.phoneHint')}
      error={missing ? t('admin.privacy.sms.phoneRequired') : null}
      name="phoneNumber"
      type="tel"
      autoComplete="tel"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      required
      autoFocus
    />
  );
}

/** The code typed, without the spaces or dashes a paste may bring. */
export const cleanCode = (value: string) => value.replace(/[\s-]+/g, '');

/** The add-a-device dialog of one kind; closes itself when done. */
export function EnrollDialog({ kind, onClose }: { kind: EnrollKind; onClose: () => void }) {
  const { t, toasts } = useSection();
  const actor = useSectionFlow(enrollMfaFlow, { kind });
  const snapshot = useSelector(actor, (s) => s);
  const busy = snapshot.hasTag('busy');
  const { context } = snapshot;
  // the code and phone the machine holds (empty when the dialog opens; a story's state: its own)
  const [code, setCode] = useState(() => context.code);
  const [phone, setPhone] = useState(() => context.phoneNumber);
  const [missing, setMissing] = useState(false);

  useEffect(() => {
    const enrolled = actor.on('enrolled', (e) => toasts.show(t('admin.privacy.added', { device: t(DEVICE[e.kind]) })));
    const finished = actor.subscribe((s) => {
      if (s.status === 'done') onClose();
    });
    // a flow that starts ended (a story restores its final state) closes at once
    if (actor.getSnapshot().status === 'done') onClose();
    return () => {
      enrolled.unsubscribe();
      finished.unsubscribe();
    };
  }, [actor, onClose, t, toasts]);

  const submitCode = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const value = cleanCode(code);
    setMissing(!value);
    if (value) actor.send({ type: 'code.submit', code: value });
  };
  // Cancel stays usable during the browser's security-key ceremony (it aborts it)
  const cancelDisabled = busy && !snapshot.matches('ceremony');
  const verifyActions = (
    <DialogActions
      onCancel={onClose}
      busy={busy}
      cancelDisabled={cancelDisabled}
      label={snapshot.matches('verifyingApp') || snapshot.matches('verifyingSms') ? t('admin.privacy.verifying') : t('admin.privacy.verify')}
    />
  );

  let body;
  if (snapshot.matches('recovery')) {
    body = (
      <div className={css.form} data-step="recovery">
        <h3 className={css.subtitle}>{t('admin.privacy.recovery.title')}</h3>
        <p className={css.flush}>{t('admin.privacy.recovery.body')}</p>
        <div className={css.field}>
          <span className={css.label} id="fe-mfa-recovery-label">
            {t('admin.privacy.recovery.label')}
          </span>
          <output className={css.secret} aria-labelledby="fe-mfa-recovery-label" data-recovery-code="">
            {context.recoveryCode}
          </output>
        </div>
        <DoneActions label={t('admin.privacy.recovery.saved')} onDone={() => actor.send({ type: 'recovery.finish' })} />
      </div>
    );
  } else if (snapshot.matches('failed')) {
    body = (
      <div className={css.form} data-step="failed">
        <Failure error={context.error} />
        <DialogActions onCancel={onClose} cancelDisabled={cancelDisabled}>
          <button type="button" className={css.button} onClick={() => actor.send({ type: 'enroll.retry' })} autoFocus>
            {t('admin.privacy.retry')}
          </button>
        </DialogActions>
      </div>
    );
  } else if (snapshot.matches('starting')) {
    body = <Loading label={t('admin.privacy.starting')} />;
  } else if (snapshot.matches('ceremony')) {
    body = (
      <div className={css.form} data-step="ceremony">
        <Loading label={t('admin.privacy.key.waiting')} />
        <DialogActions onCancel={onClose} cancelDisabled={cancelDisabled} />
      </div>
    );
  } else if (snapshot.matches('scanning') || snapshot.matches('verifyingApp')) {
    body = (
      <form className={css.form} onSubmit={submitCode} noValidate aria-busy={busy} data-step="scan">
        <p className={css.flush} id="fe-mfa-scan">
          {t('admin.privacy.app.scan')}
        </p>
        <img src={context.qrCode} alt={t('admin.privacy.app.qrAlt')} width={180} height={180} className={privacyCss.qrCode} data-qr="" />
        <div className={css.field}>
          <span className={css.label} id="fe-mfa-secret-label">
            {t('admin.privacy.app.secret')}
          </span>
          <code className={css.secret} aria-labelledby="fe-mfa-secret-label" data-secret="">
            {context.secret}
          </code>
        </div>
        <CodeField value={code} onChange={setCode} error={missing} />
        <Failure error={context.error} />
        {verifyActions}
      </form>
    );
  } else if (snapshot.matches('phone') || (snapshot.matches('sending') && !context.otcToken)) {
    const submitPhone = (e: FormEvent) => {
      e.preventDefault();
      if (busy) return;
      setMissing(!phone.trim());
      if (phone.trim()) actor.send({ type: 'phone.submit', phoneNumber: phone });
    };
    body = (
      <form className={css.form} onSubmit={submitPhone} noValidate aria-busy={busy} data-step="phone">
        <PhoneField value={phone} onChange={setPhone} missing={missing} fieldId="fe-mfa-phone" />
        <Failure error={context.error} />
        <DialogActions onCancel={onClose} busy={busy} cancelDisabled={cancelDisabled} label={t('admin.privacy.sendCode')} busyLabel={t('admin.privacy.sending')} />
      </form>
    );
  } else {
    // code / verifyingSms / sending again
    body = (
      <form className={css.form} onSubmit={submitCode} noValidate aria-busy={busy} data-step="code">
        <p role="status" className={css.flush}>
          {t('admin.privacy.sms.sent', { phone: context.sentTo })}
        </p>
        <CodeField value={code} onChange={setCode} error={missing} />
        <Failure error={context.error} />
        <div className={css.toolbar}>
          <button type="button" className={css.iconButton} onClick={() => actor.send({ type: 'code.resend' })} disabled={busy}>
            {snapshot.matches('sending') ? t('admin.privacy.sending') : t('admin.privacy.resend')}
          </button>
        </div>
        {verifyActions}
      </form>
    );
  }
  return (
    <AdminDialog open onClose={onClose} title={t(TITLE[kind])} busy={busy && !snapshot.matches('ceremony')}>
      {body}
    </AdminDialog>
  );
}

/** The remove-a-device dialog: what proves possession depends on the kind. */
export function RemoveDeviceDialog({ device, onClose }: { device: DeviceRow; onClose: () => void }) {
  const { t, resources, toasts } = useSection();
  const p = resources.use(createProfileResource);
  const { busy, error, run } = useSave();
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const [sent, setSent] = useState<{ otcToken: string; phoneNumber: string } | null>(null);
  const removed = () => {
    toasts.show(t('admin.privacy.removed', { device: device.name }));
    onClose();
  };
  const title = t('admin.privacy.remove.title', { device: device.name });

  if (device.kind === 'securityKey' || device.kind === 'passkey') {
    return (
      <ConfirmDialog
        open
        title={title}
        body={
          <>
            <p className={css.flush}>{t(device.kind === 'passkey' ? 'admin.privacy.remove.passkeyBody' : 'admin.privacy.remove.keyBody')}</p>
            {device.kind === 'securityKey' ? <p className={css.muted}>{t('admin.privacy.remove.lastHint')}</p> : null}
          </>
        }
        action={t('admin.privacy.remove')}
        busyAction={t('admin.privacy.removing')}
        busy={busy}
        // a ceremony's DOMException in our words; the server's message as it is
        error={error ? { message: failureText(error, t) } : null}
        onConfirm={() => run(() => (device.kind === 'passkey' ? p.removePasskey.run({ deviceId: device.id }) : p.removeSecurityKey.run({ deviceId: device.id })), removed)}
        onClose={onClose}
      />
    );
  }

  const needsSend = device.kind === 'sms' && !sent;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (needsSend) {
      void run(
        () => p.startSmsRemoval.run({ deviceId: device.id }),
        (r) => setSent(r as { otcToken: string; phoneNumber: string }),
      );
      return;
    }
    const value = cleanCode(code);
    setMissing(!value);
    if (!value) return;
    void run(
      () =>
        device.kind === 'sms' && sent
          ? p.removeSms.run({ deviceId: device.id, otcToken: sent.otcToken, code: value })
          : p.removeAuthenticator.run({ deviceId: device.id, code: value }),
      removed,
    );
  };
  return (
    <AdminDialog open onClose={onClose} title={title} busy={busy} role="alertdialog">
      <form className={css.form} onSubmit={submit} noValidate aria-busy={busy} data-step={needsSend ? 'send' : 'code'}>
        <p className={css.flush} role={sent ? 'status' : undefined}>
          {device.kind === 'authenticator'
            ? t('admin.privacy.remove.appBody')
            : sent
              ? t('admin.privacy.remove.smsSent', { phone: sent.phoneNumber })
              : t('admin.privacy.remove.smsBody', { phone: device.phone ?? '' })}
        </p>
        <p className={`${css.muted} ${css.flush}`}>{t('admin.privacy.remove.lastHint')}</p>
        {needsSend ? null : <CodeField value={code} onChange={setCode} error={missing} />}
        <Failure error={error} />
        <DialogActions
          onCancel={onClose}
          busy={busy}
          label={needsSend ? t('admin.privacy.sendCode') : t('admin.privacy.remove')}
          busyLabel={needsSend ? t('admin.privacy.sending') : t('admin.privacy.removing')}
          danger={!needsSend}
          autoFocus={needsSend}
        />
      </form>
    </AdminDialog>
  );
}
