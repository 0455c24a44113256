/**
 * The privacy section's phone numbers (admin spec §3 "Phone numbers (SMS)", §9; api-contract §T; AB-3.35, AB-7.41,
 * AB-7.42, AB-9.10): the user's numbers, 10 a page, each marked verified or not; add one (the number, then the code
 * texted to it), verify one added earlier (a new code), and remove one — an unverified number after a confirmation,
 * a verified one with the code its removal texts. Loading, empty and error states; every control is a button or a
 * form field, so the panel works by keyboard alone. A refusal keeps the dialog and its input, announced.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import type { Translate } from '../../i18n/index.ts';
import { createPhoneNumbersResource, type UserPhoneNumber } from '../resources/phone-numbers.ts';
import { useSection } from '../shell/context.ts';
import { useDateTime } from '../shell/use-date-time.ts';
import * as css from '../ui/admin.css.ts';
import { PanelHeader } from '../ui/section-header.tsx';
import { AdminDialog, ConfirmDialog } from '../ui/dialog.tsx';
import { actionsColumn, DataTable, type ColumnDef } from '../ui/data-table.tsx';
import { DialogActions } from '../ui/form.tsx';
import { Pagination } from '../ui/pagination.tsx';
import { EmptyState, ErrorSlot, LoadStates } from '../ui/states.tsx';
import { useSave } from '../ui/use-save.ts';
import { cleanCode, CodeField, PhoneField } from './MfaDialogs.tsx';

/** The submit button of a dialog step: send a code, verify with it, remove with it. */
const SEND_ACTION = (t: Translate) => ({ label: t('admin.privacy.sendCode'), busyLabel: t('admin.privacy.sending') });
const VERIFY_ACTION = (t: Translate) => ({ label: t('admin.privacy.verify'), busyLabel: t('admin.privacy.verifying') });
const REMOVE_ACTION = (t: Translate) => ({ label: t('admin.privacy.remove'), busyLabel: t('admin.privacy.removing'), danger: true });

/** What a dialog of the panel is doing: adding a number, verifying one, or removing one. */
type Open = { add: true } | { verify: UserPhoneNumber } | { remove: UserPhoneNumber } | null;

/** The phone-numbers panel of the privacy section. */
export function PhoneNumbersPanel() {
  const { resources, t } = useSection();
  const phones = resources.use(createPhoneNumbersResource);
  const { list } = phones;
  const query = useStore(list.$query);
  const state = useStore(list.$state);
  const dateText = useDateTime();
  const [open, setOpen] = useState<Open>(null);
  const page = state.data;

  // a removal that empties the last page shows the page before it
  useEffect(() => {
    if (page && page.items.length === 0 && query.page > 1 && !state.loading) list.setPage(Math.min(query.page - 1, Math.max(1, page.totalPages)));
  }, [page, query.page, state.loading, list]);

  const columns = useMemo<ColumnDef<UserPhoneNumber, unknown>[]>(() => {
    // Verify (a number not verified yet), then Remove: each named with the number for a screen reader
    const rowActions = (p: UserPhoneNumber): { label: string; name: string; open: Open }[] => [
      ...(p.verified ? [] : [{ label: t('admin.privacy.verify'), name: t('admin.privacy.phones.verifyFor', { phone: p.phoneNumber }), open: { verify: p } }]),
      { label: t('admin.privacy.remove'), name: t('admin.privacy.removeFor', { device: p.phoneNumber }), open: { remove: p } },
    ];
    return [
      { id: 'phoneNumber', header: t('admin.privacy.sms.phone'), size: 200, enableSorting: false, cell: ({ row }) => <span dir="ltr">{row.original.phoneNumber}</span> },
      {
        id: 'verified',
        header: t('admin.privacy.phones.status'),
        size: 140,
        enableSorting: false,
        cell: ({ row }) =>
          row.original.verified ? (
            <span className={css.badgeOk}>{t('admin.privacy.phones.verified')}</span>
          ) : (
            <span className={css.chip}>{t('admin.privacy.phones.unverified')}</span>
          ),
      },
      { id: 'createdAt', header: t('admin.privacy.phones.added'), size: 150, enableSorting: false, cell: ({ row }) => dateText(row.original.createdAt) },
      actionsColumn(t('admin.actions'), 200, (item) => (
        <span className={css.toolbar}>
          {rowActions(item).map((a) => (
            <button key={a.label} type="button" className={css.secondaryButton} aria-label={a.name} onClick={() => setOpen(a.open)}>
              {a.label}
            </button>
          ))}
        </span>
      )),
    ];
  }, [t, dateText]);

  const close = () => setOpen(null);
  return (
    <section className={css.form} aria-labelledby="fe-privacy-phones" data-panel="phone-numbers">
      <PanelHeader titleId="fe-privacy-phones" title={t('admin.privacy.phones.title')} intro={t('admin.privacy.phones.intro')}>
        <button type="button" className={css.secondaryButton} onClick={() => setOpen({ add: true })}>
          {t('admin.privacy.phones.add')}
        </button>
      </PanelHeader>
      <LoadStates state={state} retry={list.retry}>
        <DataTable
          label={t('admin.privacy.phones.list')}
          columns={columns}
          data={page?.items ?? []}
          rowHeight={56}
          busy={state.stale}
          empty={<EmptyState title={t('admin.privacy.phones.empty')} />}
        />
        {page && page.totalPages > 1 ? <Pagination page={query.page} totalPages={page.totalPages} total={page.total} onPage={list.setPage} busy={state.loading} /> : null}
      </LoadStates>
      {open && 'add' in open ? <PhoneCodeDialog onClose={close} /> : null}
      {open && 'verify' in open ? <PhoneCodeDialog phone={open.verify} onClose={close} /> : null}
      {open && 'remove' in open ? <RemovePhoneDialog phone={open.remove} onClose={close} /> : null}
    </section>
  );
}

/**
 * Adds a number (`phone` absent: the number, then the code) or verifies one added earlier (`phone`: send a new code,
 * then the code). Closing before the code leaves an added number unverified, to verify later.
 */
function PhoneCodeDialog({ phone, onClose }: { phone?: UserPhoneNumber; onClose: () => void }) {
  const { resources, toasts, t } = useSection();
  const phones = resources.use(createPhoneNumbersResource);
  const { busy, error, setError, run } = useSave();
  const [number, setNumber] = useState('');
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const [sent, setSent] = useState<{ otcToken: string; phoneNumber: string } | null>(null);
  const target = phone?.phoneNumber ?? number.trim();

  const send = () =>
    run(
      () => (phone || sent ? phones.resend.run({ phoneNumber: target }) : phones.add.run({ phoneNumber: target })),
      (answer) => {
        if (answer.otcToken) {
          setCode('');
          setSent({ otcToken: answer.otcToken, phoneNumber: target });
        } else {
          // added, and nothing to verify with (a server that sends no code)
          toasts.show(t('admin.privacy.added', { device: target }));
          onClose();
        }
      },
    );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!sent) {
      setMissing(!target);
      if (target) void send();
      return;
    }
    const value = cleanCode(code);
    setMissing(!value);
    if (!value) return;
    void run(
      () => phones.verify.run({ otcToken: sent.otcToken, code: value }),
      () => {
        toasts.show(t('admin.privacy.phones.verifiedToast', { phone: sent.phoneNumber }));
        onClose();
      },
    );
  };

  const title = phone ? t('admin.privacy.phones.verifyTitle', { phone: phone.phoneNumber }) : t('admin.privacy.phones.addTitle');
  return (
    <AdminDialog open onClose={onClose} title={title} busy={busy}>
      <form className={css.form} onSubmit={submit} noValidate aria-busy={busy} data-step={sent ? 'code' : 'phone'}>
        {sent ? (
          <>
            <p role="status" className={css.notice}>
              {t('admin.privacy.sms.sent', { phone: sent.phoneNumber })}
            </p>
            <CodeField value={code} onChange={setCode} error={missing} />
          </>
        ) : phone ? (
          <p className={css.notice}>{t('admin.privacy.phones.verifyBody', { phone: phone.phoneNumber })}</p>
        ) : (
          <PhoneField
            value={number}
            onChange={(value) => {
              setNumber(value);
              setError(null);
            }}
            missing={missing}
            fieldId="fe-phone-number"
          />
        )}
        <ErrorSlot error={error} />
        {sent ? (
          <div className={css.toolbar}>
            <button type="button" className={css.iconButton} onClick={() => void send()} disabled={busy}>
              {t('admin.privacy.resend')}
            </button>
          </div>
        ) : null}
        <DialogActions onCancel={onClose} busy={busy} {...(sent ? VERIFY_ACTION(t) : { ...SEND_ACTION(t), autoFocus: !!phone })} />
      </form>
    </AdminDialog>
  );
}

/** Removes a number: an unverified one after a confirmation; a verified one with the code its removal texts to it. */
function RemovePhoneDialog({ phone, onClose }: { phone: UserPhoneNumber; onClose: () => void }) {
  const { resources, toasts, t } = useSection();
  const phones = resources.use(createPhoneNumbersResource);
  const { busy, error, run } = useSave();
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const [otcToken, setOtcToken] = useState<string | null>(null);
  const removed = () => {
    toasts.show(t('admin.privacy.removed', { device: phone.phoneNumber }));
    onClose();
  };
  const title = t('admin.privacy.remove.title', { device: phone.phoneNumber });

  if (!phone.verified) {
    return (
      <ConfirmDialog
        open
        title={title}
        body={t('admin.privacy.phones.removeUnverified', { phone: phone.phoneNumber })}
        action={t('admin.privacy.remove')}
        busyAction={t('admin.privacy.removing')}
        busy={busy}
        error={error}
        onConfirm={() => run(() => phones.startRemove.run({ phoneId: phone.id }), removed)}
        onClose={onClose}
      />
    );
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!otcToken) {
      void run(
        () => phones.startRemove.run({ phoneId: phone.id }),
        (answer) => (answer.otcToken ? setOtcToken(answer.otcToken) : removed()),
      );
      return;
    }
    const value = cleanCode(code);
    setMissing(!value);
    if (value) void run(() => phones.confirmRemove.run({ phoneId: phone.id, otcToken, code: value }), removed);
  };
  return (
    <AdminDialog open onClose={onClose} title={title} busy={busy} role="alertdialog">
      <form className={css.form} onSubmit={submit} noValidate aria-busy={busy} data-step={otcToken ? 'code' : 'send'}>
        <p className={css.notice} role={otcToken ? 'status' : undefined}>
          {otcToken ? t('admin.privacy.remove.smsSent', { phone: phone.phoneNumber }) : t('admin.privacy.phones.removeVerified', { phone: phone.phoneNumber })}
        </p>
        {otcToken ? <CodeField value={code} onChange={setCode} error={missing} /> : null}
        <ErrorSlot error={error} />
        <DialogActions onCancel={onClose} busy={busy} {...(otcToken ? REMOVE_ACTION(t) : { ...SEND_ACTION(t), autoFocusCancel: true })} />
      </form>
    </AdminDialog>
  );
}
