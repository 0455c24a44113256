/**
 * The privacy section (admin spec §2 sections "privacy", §3 "Session"; AB-3.19, AB-7.39; api-contract §S, §U): the
 * user's two-factor devices — authenticator apps, phones, security keys, passkeys — with add and remove (removal
 * proves possession: a code of that app or phone, a touch of that key), and the user's sessions with sign-out of one
 * or of all others. Loading, empty and error states for both lists.
 */
import { useStore } from '@nanostores/react';
import { useCallback, useMemo, useState } from 'react';
import type { UserSession } from '../../api/admin-types.ts';
import { useT } from '../../i18n/use-t.ts';
import { useRouteState, useSection } from '../shell/context.ts';
import { useDateTime } from '../shell/use-date-time.ts';
import * as css from '../ui/admin.css.ts';
import * as privacyCss from './privacy.css.ts';
import { ConfirmDialog } from '../ui/dialog.tsx';
import { actionsColumn, DataTable, type ColumnDef } from '../ui/data-table.tsx';
import { PanelHeader, SectionHeader } from '../ui/section-header.tsx';
import { EmptyState, LoadStates } from '../ui/states.tsx';
import { useSave } from '../ui/use-save.ts';
import { deviceRows, failureText, type DeviceRow } from './devices.ts';
import { EnrollDialog, RemoveDeviceDialog } from './MfaDialogs.tsx';
import { PhoneNumbersPanel } from './PhoneNumbers.tsx';
import { describeUserAgent } from './user-agent.ts';
import type { EnrollKind } from '../../../machines/admin-enroll-mfa.machine.ts';
import { createProfileResource } from '../resources/profile.ts';

const ENROLL_KINDS: readonly EnrollKind[] = ['authenticator', 'sms', 'securityKey'];

/** The privacy section view. */
export function PrivacyView() {
  const section = useSection();
  const t = useT(section.app);
  return (
    <section className={css.section} aria-labelledby="fe-privacy-title">
      <SectionHeader titleId="fe-privacy-title" title={t('admin.privacy.title')} />
      <MfaDevicesPanel />
      <SessionsPanel />
      <PhoneNumbersPanel />
    </section>
  );
}

/** The device list, its add buttons, and the add / remove dialogs. */
function MfaDevicesPanel() {
  const { t, resources, toasts } = useSection();
  const dateText = useDateTime();
  const devices = useStore(resources.use(createProfileResource).$mfaDevices);
  const passkeys = useStore(resources.use(createProfileResource).$passkeys);
  const [enroll, setEnroll] = useRouteState<EnrollKind | null>(({ route }) => ENROLL_KINDS.find((kind) => kind === route) ?? null);
  const [removing, setRemoving] = useState<DeviceRow | null>(null);
  const { busy: passkeyBusy, error: passkeyError, run } = useSave();
  const rows = useMemo(() => deviceRows(devices.data, passkeys.data, t), [devices.data, passkeys.data, t]);
  const hasAuthenticator = (devices.data?.authenticators.length ?? 0) > 0;

  const addPasskey = () =>
    run(
      () => resources.use(createProfileResource).addPasskey.run(),
      () => toasts.show(t('admin.privacy.added', { device: t('admin.privacy.device.passkey') })),
    );

  return (
    <section className={css.form} aria-labelledby="fe-privacy-mfa">
      <h3 id="fe-privacy-mfa" className={css.subtitle}>
        {t('admin.privacy.mfa.title')}
      </h3>
      <p className={`${css.muted} ${css.flush}`}>{t('admin.privacy.mfa.intro')}</p>
      <LoadStates
        state={{ data: devices.data, loading: devices.loading, error: devices.error ?? passkeys.error }}
        retry={() => {
          resources.use(createProfileResource).$mfaDevices.revalidate();
          resources.use(createProfileResource).$passkeys.revalidate();
        }}
      >
        {devices.data && rows.length === 0 ? (
          <EmptyState title={t('admin.privacy.mfa.empty')} />
        ) : rows.length > 0 ? (
          <ul aria-label={t('admin.privacy.mfa.list')} className={privacyCss.devices}>
            {rows.map((d) => (
              <li key={`${d.kind}:${d.id}`} className={css.header} data-device={d.kind}>
                <span className={css.cellStack}>
                  <span>{d.name}</span>
                  <span className={css.muted}>
                    {t(`admin.privacy.kind.${d.kind}`)}
                    {d.createdAt ? ` · ${t('admin.privacy.device.added', { date: dateText(d.createdAt) })}` : ''}
                  </span>
                </span>
                <button type="button" className={css.secondaryButton} aria-label={t('admin.privacy.removeFor', { device: d.name })} onClick={() => setRemoving(d)}>
                  {t('admin.privacy.remove')}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </LoadStates>
      <div className={css.toolbar}>
        {!hasAuthenticator && devices.data ? (
          <button type="button" className={css.secondaryButton} onClick={() => setEnroll('authenticator')}>
            {t('admin.privacy.add.authenticator')}
          </button>
        ) : null}
        <button type="button" className={css.secondaryButton} onClick={() => setEnroll('sms')}>
          {t('admin.privacy.add.sms')}
        </button>
        <button type="button" className={css.secondaryButton} onClick={() => setEnroll('securityKey')}>
          {t('admin.privacy.add.securityKey')}
        </button>
        <button type="button" className={css.secondaryButton} onClick={addPasskey} aria-disabled={passkeyBusy}>
          {passkeyBusy ? t('admin.privacy.add.passkeyBusy') : t('admin.privacy.add.passkey')}
        </button>
      </div>
      {passkeyError ? (
        <div className={css.alert} role="alert" part="error">
          {failureText(passkeyError, t)}
        </div>
      ) : null}
      {enroll ? <EnrollDialog kind={enroll} onClose={() => setEnroll(null)} /> : null}
      {removing ? <RemoveDeviceDialog device={removing} onClose={() => setRemoving(null)} /> : null}
    </section>
  );
}

/** The sessions table, sign out one, sign out all others. */
function SessionsPanel() {
  const { t, resources, toasts } = useSection();
  const dateText = useDateTime();
  const sessions = useStore(resources.use(createProfileResource).$sessions);
  const [confirm, setConfirm] = useRouteState<{ all: true } | { session: UserSession } | null>(({ route }) => (route === 'revokeAll' ? { all: true } : null));
  const { busy, error, setError, run } = useSave();
  const list = sessions.data ?? [];
  const others = list.filter((s) => !s.current).length;
  const deviceOf = useCallback(
    (s: UserSession) =>
      describeUserAgent(s.userAgent, { on: (browser, os) => t('admin.privacy.sessions.on', { browser, os }), unknown: t('admin.privacy.sessions.unknownDevice') }),
    [t],
  );

  const columns = useMemo<ColumnDef<UserSession, unknown>[]>(
    () => [
      {
        id: 'device',
        header: t('admin.privacy.sessions.device'),
        size: 240,
        enableSorting: false,
        cell: ({ row }) => (
          <span className={css.cellStack}>
            <span>{deviceOf(row.original)}</span>
            {row.original.current ? (
              <span className={css.chips}>
                <span className={css.chip} data-current="">
                  {t('admin.privacy.sessions.thisDevice')}
                </span>
              </span>
            ) : null}
          </span>
        ),
      },
      {
        id: 'ip',
        header: t('admin.privacy.sessions.ip'),
        size: 140,
        enableSorting: false,
        cell: ({ row }) => row.original.ipAddress || <span className={css.muted}>{t('admin.privacy.sessions.unknownIp')}</span>,
      },
      {
        id: 'createdAt',
        accessorFn: (s) => s.createdAt,
        header: t('admin.privacy.sessions.created'),
        size: 170,
        enableSorting: true,
        // the date and time whole: it wraps rather than be cut (issue 31 item 7)
        cell: ({ row }) => <span className={css.wraps}>{dateText(row.original.createdAt, { time: true })}</span>,
      },
      actionsColumn(t('admin.actions'), 128, (item) =>
        item.current ? null : (
          <button
            type="button"
            className={css.secondaryButton}
            aria-label={t('admin.privacy.sessions.revokeFor', { device: deviceOf(item), ip: item.ipAddress || t('admin.privacy.sessions.unknownIp') })}
            onClick={() => {
              setError(null);
              setConfirm({ session: item });
            }}
          >
            {t('admin.privacy.sessions.revoke')}
          </button>
        ),
      ),
    ],
    // setError and setConfirm are state setters (stable)
    [t, dateText, deviceOf, setError, setConfirm],
  );

  const revoke = () => {
    if (!confirm) return;
    const all = 'all' in confirm;
    void run(
      () =>
        'all' in confirm ? resources.use(createProfileResource).revokeOtherSessions.run() : resources.use(createProfileResource).revokeSession.run({ id: confirm.session.id }),
      () => {
        toasts.show(t(all ? 'admin.privacy.sessions.revokedAll' : 'admin.privacy.sessions.revoked'));
        setConfirm(null);
      },
    );
  };

  return (
    <section className={css.form} aria-labelledby="fe-privacy-sessions">
      <PanelHeader titleId="fe-privacy-sessions" title={t('admin.privacy.sessions.title')} intro={t('admin.privacy.sessions.intro')}>
        <button
          type="button"
          className={css.secondaryButton}
          disabled={others === 0}
          onClick={() => {
            setError(null);
            setConfirm({ all: true });
          }}
        >
          {t('admin.privacy.sessions.revokeAll')}
        </button>
      </PanelHeader>
      <LoadStates state={sessions} retry={() => resources.use(createProfileResource).$sessions.revalidate()}>
        <DataTable label={t('admin.privacy.sessions.table')} columns={columns} data={list} rowHeight={64} empty={<EmptyState title={t('admin.privacy.sessions.empty')} />} />
      </LoadStates>
      {confirm ? (
        <ConfirmDialog
          open
          title={t('all' in confirm ? 'admin.privacy.sessions.revokeAllTitle' : 'admin.privacy.sessions.revokeTitle')}
          body={
            'all' in confirm
              ? t('admin.privacy.sessions.revokeAllBody', { count: others })
              : t('admin.privacy.sessions.revokeBody', {
                  device: deviceOf(confirm.session),
                  ip: confirm.session.ipAddress || t('admin.privacy.sessions.unknownIp'),
                  date: dateText(confirm.session.createdAt, { time: true }),
                })
          }
          action={t('all' in confirm ? 'admin.privacy.sessions.revokeAll' : 'admin.privacy.sessions.revoke')}
          busyAction={t('admin.privacy.sessions.revoking')}
          busy={busy}
          error={error}
          onConfirm={revoke}
          onClose={() => {
            if (!busy) setConfirm(null);
          }}
        />
      ) : null}
    </section>
  );
}
