/**
 * The profile section's dialogs: change password (SI-7.26: current, new and confirmation, named for password
 * managers) and change email with verification (a code mailed to the new address; machines/admin-change-email).
 * A refusal keeps what was typed and shows the server's message, announced.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useState, type FormEvent } from 'react';
import type { MessageKey } from '../../i18n/index.ts';
import { looksLikeEmail } from '../../auth/email.ts';
import { useSection } from '../shell/context.ts';
import { useSectionFlow } from '../shell/use-section-flow.ts';
import { changeEmailFlow } from './flows.ts';
import * as css from '../ui/admin.css.ts';
import { AdminDialog } from '../ui/dialog.tsx';
import { DialogActions, DoneActions, OneTimeCodeField, TextField } from '../ui/form.tsx';
import { ErrorSlot } from '../ui/states.tsx';
import { useSave } from '../ui/use-save.ts';
import { createProfileResource } from '../resources/profile.ts';

/** The change-password dialog. `email` fills the hidden username field password managers pair the new password with. */
export function ChangePasswordDialog(props: { open: boolean; email: string; onClose: () => void }) {
  const { t } = useSection();
  return (
    <AdminDialog open={props.open} onClose={props.onClose} title={t('admin.profile.password.title')}>
      {props.open ? <ChangePasswordForm {...props} /> : null}
    </AdminDialog>
  );
}

function ChangePasswordForm({ email, onClose }: { email: string; onClose: () => void }) {
  const { t, resources, toasts } = useSection();
  const [password, setPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<{ field: 'password' | 'newPassword' | 'confirm'; key: MessageKey } | null>(null);
  const { busy, error, run } = useSave();

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    const form = e.currentTarget;
    const next = !password
      ? ({ field: 'password', key: 'admin.required' } as const)
      : !newPassword
        ? ({ field: 'newPassword', key: 'admin.required' } as const)
        : newPassword === password
          ? ({ field: 'newPassword', key: 'admin.profile.password.same' } as const)
          : newPassword !== confirm
            ? ({ field: 'confirm', key: 'admin.profile.password.mismatch' } as const)
            : null;
    setProblem(next);
    if (next) {
      form.querySelector<HTMLInputElement>(`input[name=${next.field}]`)?.focus();
      return;
    }
    void run(
      () => resources.use(createProfileResource).changePassword.run({ password, newPassword }),
      () => {
        toasts.show(t('admin.profile.password.changed'));
        onClose();
      },
    );
  };
  const field = (name: 'password' | 'newPassword' | 'confirm', label: MessageKey, value: string, set: (v: string) => void, autoComplete: string) => (
    <TextField
      label={t(label)}
      fieldId={`fe-password-${name}`}
      error={problem?.field === name ? t(problem.key) : null}
      name={name}
      type="password"
      autoComplete={autoComplete}
      value={value}
      required
      onChange={(e) => set(e.target.value)}
      autoFocus={name === 'password'}
    />
  );
  return (
    <form className={css.form} onSubmit={submit} noValidate aria-busy={busy}>
      {/* the account name, for password managers (not shown) */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      {field('password', 'admin.profile.password.current', password, setPassword, 'current-password')}
      {field('newPassword', 'admin.profile.password.new', newPassword, setNewPassword, 'new-password')}
      {field('confirm', 'admin.profile.password.confirm', confirm, setConfirm, 'new-password')}
      <ErrorSlot error={error} />
      <DialogActions onCancel={onClose} busy={busy} label={t('admin.profile.password.submit')} busyLabel={t('admin.profile.password.submitting')} />
    </form>
  );
}

/** The change-email dialog: new address → code sent → code → done (machines/admin-change-email.machine.ts). */
export function ChangeEmailDialog(props: { open: boolean; onClose: () => void }) {
  const { t } = useSection();
  return (
    <AdminDialog open={props.open} onClose={props.onClose} title={t('admin.profile.email.title')}>
      {props.open ? <ChangeEmailFlow {...props} /> : null}
    </AdminDialog>
  );
}

function ChangeEmailFlow({ onClose }: { onClose: () => void }) {
  const { t, toasts } = useSection();
  const actor = useSectionFlow(changeEmailFlow);
  const snapshot = useSelector(actor, (s) => s);
  // the address and code the machine holds (empty when the dialog opens; a story's state: its own)
  const [email, setEmail] = useState(() => snapshot.context.email);
  const [code, setCode] = useState(() => snapshot.context.code);
  const [invalid, setInvalid] = useState<MessageKey | null>(null);
  const busy = snapshot.hasTag('busy');
  const { context } = snapshot;

  useEffect(() => {
    const sub = actor.on('changed', (e) => toasts.show(t('admin.profile.email.done', { email: e.email })));
    return () => sub.unsubscribe();
  }, [actor, t, toasts]);

  if (snapshot.matches('done')) {
    return (
      <div className={css.form}>
        <p role="status">{t('admin.profile.email.done', { email: context.email })}</p>
        <DoneActions label={t('admin.done')} onDone={onClose} />
      </div>
    );
  }

  if (snapshot.matches('email')) {
    const submit = (e: FormEvent) => {
      e.preventDefault();
      if (busy) return;
      const value = email.trim();
      const problem: MessageKey | null = !value ? 'admin.required' : looksLikeEmail(value) ? null : 'admin.profile.email.invalid';
      setInvalid(problem);
      if (!problem) actor.send({ type: 'email.submit', email: value });
    };
    return (
      <form className={css.form} onSubmit={submit} noValidate aria-busy={busy} data-step="email">
        <TextField
          label={t('admin.profile.email.new')}
          fieldId="fe-email-new"
          hint={t('admin.profile.email.newHint')}
          error={invalid ? t(invalid) : null}
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          required
          autoFocus
        />
        <ErrorSlot error={context.error} />
        <DialogActions onCancel={onClose} busy={busy} label={t('admin.profile.email.send')} busyLabel={t('admin.profile.email.sending')} />
      </form>
    );
  }

  const submitCode = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const value = code.replace(/\s+/g, '');
    setInvalid(value ? null : 'admin.required');
    if (value) actor.send({ type: 'code.submit', code: value });
  };
  return (
    <form className={css.form} onSubmit={submitCode} noValidate aria-busy={busy} data-step="code">
      <p role="status">{t('admin.profile.email.sent', { email: context.email })}</p>
      <OneTimeCodeField label={t('admin.profile.email.code')} fieldId="fe-email-code" error={invalid ? t(invalid) : null} value={code} onValue={setCode} />
      <ErrorSlot error={context.error} />
      <div className={css.toolbar}>
        <button type="button" className={css.iconButton} onClick={() => actor.send({ type: 'code.resend' })} disabled={busy}>
          {t('admin.profile.email.resend')}
        </button>
        <button type="button" className={css.iconButton} onClick={() => actor.send({ type: 'email.edit' })} disabled={busy}>
          {t('admin.profile.email.back')}
        </button>
      </div>
      <DialogActions onCancel={onClose} busy={busy} label={snapshot.matches({ code: 'submitting' }) ? t('admin.profile.email.verifying') : t('admin.profile.email.verify')} />
    </form>
  );
}
