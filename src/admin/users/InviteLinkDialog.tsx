/**
 * The invite link of the users section (admin spec §3 "Invite link state: token, expiry", §7 invite links, §9 "43200
 * minutes (30 days)"; AB-3.34, AB-7.13–AB-7.15): create (30 days unless chosen), copy, change the lifetime and the
 * email switch, delete (confirmed). The link is the app's sign-up route with `invitationToken`.
 */
import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import { useSection } from '../shell/context.ts';
import { Select } from '../ui/select.tsx';
import { useDateTime } from '../shell/use-date-time.ts';
import * as css from '../ui/admin.css.ts';
import { CopyStatus, useCopy } from '../ui/copy-field.tsx';
import { AdminDialog } from '../ui/dialog.tsx';
import { CheckboxRow, DialogActions, DoneActions, TextField } from '../ui/form.tsx';
import { ErrorSlot, Loading } from '../ui/states.tsx';
import { useSave } from '../ui/use-save.ts';
import { createUsersResource } from '../resources/users.ts';

/** Lifetimes offered, in days (30 = the spec's 43200 minutes). */
export const INVITE_LINK_DAYS = [7, 30, 90] as const;

/** The URL of an invite token: `<origin><signUpUrl>?invitationToken=<token>`. */
export function inviteLinkUrl(origin: string, signUpUrl: string, token: string): string {
  const url = new URL(signUpUrl, origin);
  url.searchParams.set('invitationToken', token);
  return url.href;
}

/** The invite-link dialog. */
export function InviteLinkDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useSection();
  return (
    <AdminDialog open={open} onClose={onClose} title={t('admin.users.inviteLinkTitle')}>
      {open ? <InviteLinkBody onClose={onClose} /> : null}
    </AdminDialog>
  );
}

function InviteLinkBody({ onClose }: { onClose: () => void }) {
  const dateText = useDateTime();
  const { t, app, resources, toasts, can } = useSection();
  const users = resources.use(createUsersResource);
  const link = useStore(users.$inviteLink);
  const config = useStore(users.$inviteLinkConfiguration);
  const [days, setDays] = useState<number>(30);
  const [email, setEmail] = useState<boolean | null>(null);
  const [confirming, setConfirming] = useState(false);
  const { copied, copy } = useCopy();
  const save = useSave();
  const canWrite = can('write');

  if ((link.loading && link.data === undefined) || !config.data) return <Loading label={t('admin.loading')} />;
  if (!config.data.tenantInvitationsAllowed) return <p>{t('admin.users.inviteLinkOff')}</p>;
  const current = link.data ?? null;
  const sendEmail = email ?? current?.shouldSendEmail ?? false;
  const url = current ? inviteLinkUrl(location.origin, app.routes.signUpUrl ?? '/account/sign-up', current.token) : '';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void save.run(
      () => users.saveInviteLink.run({ update: Boolean(current), expiresInMinutes: days * 1440, shouldSendEmail: sendEmail }),
      () => toasts.show(t(current ? 'admin.users.inviteLinkUpdated' : 'admin.users.inviteLinkCreated')),
    );
  };
  const remove = (e: FormEvent) => {
    e.preventDefault();
    void save.run(
      () => users.deleteInviteLink.run(),
      () => {
        setConfirming(false);
        toasts.show(t('admin.users.inviteLinkDeleted'));
      },
    );
  };
  return (
    <div className={css.form} aria-busy={save.busy}>
      <p>{t('admin.users.inviteLinkIntro')}</p>
      <ErrorSlot error={save.error ?? link.error} />
      {current ? (
        <>
          <TextField label={t('admin.users.inviteLinkUrl')} fieldId="fe-invite-link-url" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
          <span className={css.toolbar}>
            <button type="button" className={css.secondaryButton} onClick={() => copy(url)}>
              {t('admin.copy')}
            </button>
            <CopyStatus copied={copied} />
          </span>
          <p className={css.muted}>{t('admin.users.inviteLinkExpires', { date: dateText(current.expires) })}</p>
        </>
      ) : (
        <p className={css.muted}>{t('admin.users.inviteLinkNone')}</p>
      )}
      {!canWrite ? (
        <DoneActions label={t('admin.close')} onDone={onClose} autoFocus={false} />
      ) : confirming ? (
        <form className={css.form} onSubmit={remove} aria-label={t('admin.users.inviteLinkDelete')}>
          <p role="alert">{t('admin.users.inviteLinkDeleteConfirm')}</p>
          <DialogActions onCancel={() => setConfirming(false)} busy={save.busy} label={t('admin.users.inviteLinkDelete')} busyLabel={t('admin.deleting')} danger autoFocus />
        </form>
      ) : (
        <form className={css.form} onSubmit={submit}>
          <Select
            label={t('admin.users.inviteLinkLifetime')}
            name="lifetime"
            items={INVITE_LINK_DAYS.map((d) => ({ key: String(d), label: t('admin.users.inviteLinkDays', { days: d }) }))}
            value={String(days)}
            onChange={(value) => setDays(Number(value))}
            disabled={save.busy}
          />
          {config.data.emailsEnabled ? (
            <CheckboxRow checked={sendEmail} onChange={setEmail} disabled={save.busy}>
              {t('admin.users.inviteLinkEmail')}
            </CheckboxRow>
          ) : null}
          <DialogActions onCancel={onClose} busy={save.busy} label={t(current ? 'admin.users.inviteLinkUpdate' : 'admin.users.inviteLinkCreate')} busyLabel={t('admin.saving')}>
            {current ? (
              <button type="button" className={css.dangerButton} onClick={() => setConfirming(true)} disabled={save.busy}>
                {t('admin.users.inviteLinkDelete')}
              </button>
            ) : null}
          </DialogActions>
        </form>
      )}
    </div>
  );
}
