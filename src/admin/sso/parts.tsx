/**
 * The SSO section's small parts: a domain's badge, a connection's enabled switch, the IdP certificate's facts and
 * our service provider's addresses (values to copy: the kit's CopyField, ../ui/copy-field.tsx).
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { SsoConfiguration } from '../../api/sso.ts';
import { certificateStatus } from '../../../machines/admin-sso-setup.machine.ts';
import { createSsoResource } from '../resources/sso.ts';
import { useSection } from '../shell/context.ts';
import { useDateTime } from '../shell/use-date-time.ts';
import * as css from '../ui/admin.css.ts';
import * as ssoCss from './sso.css.ts';
import { CopyField } from '../ui/copy-field.tsx';
import { ConfirmDialog } from '../ui/dialog.tsx';
import { CheckboxRow } from '../ui/form.tsx';
import { ErrorSlot, Loading } from '../ui/states.tsx';
import { useInlineAction } from '../ui/use-inline-action.ts';
import { useSave } from '../ui/use-save.ts';
import { hostOf } from './model.ts';

/** A domain's state as a chip: "✓ Validated" or "Pending validation" (text, not colour alone). */
export function DomainBadge({ validated }: { validated: boolean }) {
  const { t } = useSection();
  return validated ? <span className={css.badgeOk}>✓ {t('admin.sso.domain.validated')}</span> : <span className={css.chip}>{t('admin.sso.domain.pending')}</span>;
}

/** The enabled switch of a connection: shows loading while it switches (AB-4.15); a refusal is announced and rolled back. */
export function EnabledSwitch({ configuration, canWrite }: { configuration: SsoConfiguration; canWrite: boolean }) {
  const { t } = useSection();
  const sso = useSection().resources.use(createSsoResource);
  // the switch's own progress (each card has one); the refusal beside it
  const action = useInlineAction(sso.setEnabled, { inline: true });
  return (
    <span className={css.toolbar} aria-busy={action.running || undefined}>
      <CheckboxRow
        name="enabled"
        role="switch"
        checked={configuration.enabled}
        disabled={!canWrite || action.running}
        aria-label={t('admin.sso.enabledLabel', { name: hostOf(configuration.ssoEndpoint) })}
        onChange={(enabled) => void action.run({ id: configuration.id, enabled })}
      >
        {t('admin.sso.enabled')}
      </CheckboxRow>
      <span role="status" className={css.hint}>
        {action.running ? (
          <>
            <span className={css.spinner} aria-hidden="true" />
            {t('admin.sso.switching')}
          </>
        ) : (
          ''
        )}
      </span>
      <ErrorSlot error={action.error} />
    </span>
  );
}

/** The IdP certificate's subject, expiry (warned within 30 days or past) and fingerprint. */
export function CertificateFacts({ configuration }: { configuration: SsoConfiguration }) {
  const { t } = useSection();
  const info = configuration.publicCertificateInfo;
  const dateText = useDateTime();
  // the moment the facts are first shown (expiry is judged in days: a render later changes nothing)
  const [now] = useState(() => Date.now());
  if (!info) return configuration.type === 'saml' ? <p className={css.muted}>{t('admin.sso.cert.none')}</p> : null;
  const status = certificateStatus(info.validTo, now);
  const day = dateText(info.validTo);
  return (
    <>
      <dl className={ssoCss.facts}>
        <dt>{t('admin.sso.cert.subject')}</dt>
        <dd>{info.subject}</dd>
        <dt>{t('admin.sso.cert.expires')}</dt>
        <dd>{day}</dd>
        <dt>{t('admin.sso.cert.fingerprint')}</dt>
        <dd>
          <code>{info.fingerprint256}</code>
        </dd>
      </dl>
      {status !== 'ok' ? (
        <p className={css.notice} role="note">
          <strong>{t(status === 'expired' ? 'admin.sso.cert.expired' : 'admin.sso.cert.expiresSoon', { date: day })}</strong>
        </p>
      ) : null}
    </>
  );
}

/**
 * Our side, to give the IdP, each with the kit's copy button: SAML the ACS URL and the SP entity ID (from the
 * configuration, else the vendor config); OIDC the redirect URI the IdP must allow (`GET oidc/configurations`). Ids
 * `fe-sso-acs-<idSuffix>` / `fe-sso-entity-<idSuffix>`; `configuration` may be a connection not made yet (the setup's
 * first steps: its `type` only). Shows loading while the values are read.
 */
export function ServiceProviderFacts({
  configuration,
  idSuffix = configuration.id ?? 'new',
}: {
  configuration: Pick<SsoConfiguration, 'type'> & Partial<SsoConfiguration>;
  idSuffix?: string;
}) {
  const { t } = useSection();
  const sso = useSection().resources.use(createSsoResource);
  const oidc = configuration.type === 'oidc';
  const vendor = useStore(sso.$vendorConfig);
  const openId = useStore(oidc ? sso.$oidcConfiguration : sso.$vendorConfig);
  if (oidc) {
    const redirectUri = (openId.data as { redirectUri?: string } | undefined)?.redirectUri ?? '';
    if (!redirectUri) return openId.loading ? <Loading label={t('admin.loading')} /> : <ErrorSlot error={openId.error} />;
    return <CopyField id={`fe-sso-acs-${idSuffix}`} label={t('admin.sso.sp.redirectUri')} value={redirectUri} />;
  }
  const acsUrl = configuration.acsUrl || vendor.data?.acsUrl || '';
  const spEntityId = configuration.spEntityId || vendor.data?.spEntityId || '';
  if (!acsUrl && !spEntityId) return vendor.loading ? <Loading label={t('admin.loading')} /> : <ErrorSlot error={vendor.error} />;
  return (
    <>
      {acsUrl ? <CopyField id={`fe-sso-acs-${idSuffix}`} label={t('admin.sso.sp.acsUrl')} value={acsUrl} /> : null}
      {spEntityId ? <CopyField id={`fe-sso-entity-${idSuffix}`} label={t('admin.sso.sp.entityId')} value={spEntityId} /> : null}
    </>
  );
}

/**
 * The confirmation of deleting SSO connection `id` (shown as `name`): progress while the delete runs, the server's
 * error kept in the dialog on failure, `onDeleted` once it is gone. The list's cards and a connection's page share it.
 */
export function DeleteConnectionDialog({ id, name, open, onClose, onDeleted }: { id: string; name: string; open: boolean; onClose: () => void; onDeleted: () => void }) {
  const { t } = useSection();
  const sso = useSection().resources.use(createSsoResource);
  const remove = useSave();
  return (
    <ConfirmDialog
      open={open}
      title={t('admin.sso.deleteTitle', { name })}
      body={t('admin.sso.deleteBody')}
      action={t('admin.delete')}
      busyAction={t('admin.deleting')}
      busy={remove.busy}
      error={remove.error}
      onClose={() => {
        onClose();
        remove.setError(null);
      }}
      onConfirm={() => void remove.run(() => sso.remove.run(id), onDeleted)}
    />
  );
}
