/**
 * One SSO connection's page (`#/admin/sso/<connection id>`; admin spec §3, §6, §7): the IdP's settings (SAML: SSO URL,
 * certificate, sign requests; OIDC: issuer, client id and a "Replace secret" field — the stored secret is never shown),
 * the certificate read, our ACS URL / SP entity ID to copy, the enabled switch, the domains (each proven by DNS), the
 * authorization (default roles and group mappings, AB-6.08) and deletion. Saves show "Saving…" (AB-4.16); a refused
 * save keeps the form as typed and announces the server's message. Read-only without write permission.
 */
import { useState, type FormEvent } from 'react';
import type { Role } from '../../api/admin-types.ts';
import type { SsoConfiguration, SsoConfigurationInput } from '../../api/sso.ts';
import { createSsoResource } from '../resources/sso.ts';
import { useSection } from '../shell/context.ts';
import * as css from '../ui/admin.css.ts';
import * as ssoCss from './sso.css.ts';
import { CheckboxRow, TextAreaField, TextField } from '../ui/form.tsx';
import { ErrorSlot } from '../ui/states.tsx';
import { useSave } from '../ui/use-save.ts';
import { AuthorizationForm } from './AuthorizationForm.tsx';
import { DomainsPanel } from './DomainsPanel.tsx';
import { LegacySamlPanel } from './LegacySamlPanel.tsx';
import { hostOf } from './model.ts';
import { CertificateFacts, DeleteConnectionDialog, EnabledSwitch, ServiceProviderFacts } from './parts.tsx';

/** The page of `configuration`; `onBack` returns to the list. */
export function ConnectionView({ configuration: c, roles, canWrite, onBack }: { configuration: SsoConfiguration; roles: Role[]; canWrite: boolean; onBack: () => void }) {
  const { t, toasts, resources } = useSection();
  const sso = resources.use(createSsoResource);
  const name = hostOf(c.ssoEndpoint) || t(`admin.sso.type.${c.type}`);
  const authSave = useSave();
  const [confirm, setConfirm] = useState(false);
  return (
    <section className={css.section} aria-labelledby="fe-sso-connection-title">
      <span>
        <a href="#/admin/sso" onClick={(e) => (e.preventDefault(), onBack())}>
          ← {t('admin.sso.backToList')}
        </a>
      </span>
      <header className={css.header}>
        <div className={css.cellStack}>
          <h2 id="fe-sso-connection-title" className={css.title}>
            {name}
          </h2>
          <span className={css.muted}>
            {t(`admin.sso.type.${c.type}`)}
            {c.isLegacySaml ? ` · ${t('admin.sso.legacy')}` : ''}
          </span>
        </div>
        <EnabledSwitch configuration={c} canWrite={canWrite} />
      </header>
      {!canWrite ? <p className={css.muted}>{t('admin.sso.readOnly')}</p> : null}
      <div className={ssoCss.card}>
        <h3 className={css.subtitle}>{t('admin.sso.review.idp')}</h3>
        <CertificateFacts configuration={c} />
        <IdpForm key={c.updatedAt ?? c.id} configuration={c} canWrite={canWrite} />
      </div>
      <div className={ssoCss.card}>
        <h3 className={css.subtitle}>{t('admin.sso.review.sp')}</h3>
        <ServiceProviderFacts configuration={c} />
      </div>
      <div className={ssoCss.card}>
        <DomainsPanel configId={c.id} domains={c.domains} canWrite={canWrite} />
      </div>
      <div className={ssoCss.card}>
        <AuthorizationForm
          key={c.updatedAt ?? c.id}
          id={`fe-sso-auth-${c.id}`}
          roles={roles}
          initial={{ roleIds: c.roleIds, groups: c.groups.map((g) => ({ id: g.id, group: g.group, roleIds: g.roleIds })) }}
          busy={authSave.busy}
          error={authSave.error}
          readOnly={!canWrite}
          onSubmit={(draft) =>
            void authSave.run(
              () => sso.saveAuthorization.run({ configId: c.id, ...draft }),
              () => toasts.show(t('admin.sso.auth.saved')),
            )
          }
          submitLabel={t('admin.sso.auth.save')}
          busyLabel={t('admin.saving')}
        />
      </div>
      {c.isLegacySaml ? <LegacySamlPanel canWrite={canWrite} /> : null}
      {canWrite ? (
        <span>
          <button type="button" className={css.dangerButton} onClick={() => setConfirm(true)}>
            {t('admin.sso.delete')}
          </button>
        </span>
      ) : null}
      <DeleteConnectionDialog
        id={c.id}
        name={name}
        open={confirm}
        onClose={() => setConfirm(false)}
        onDeleted={() => {
          setConfirm(false);
          toasts.show(t('admin.sso.deleted', { name }));
          onBack();
        }}
      />
    </section>
  );
}

/** The IdP's editable settings. The OIDC secret is write-only: an empty "Replace secret" keeps the stored one. */
function IdpForm({ configuration: c, canWrite }: { configuration: SsoConfiguration; canWrite: boolean }) {
  const { t, toasts, resources } = useSection();
  const sso = resources.use(createSsoResource);
  const oidc = c.type === 'oidc';
  const [endpoint, setEndpoint] = useState(c.ssoEndpoint);
  const [certificate, setCertificate] = useState(c.publicCertificate);
  const [signRequest, setSignRequest] = useState(c.signRequest);
  const [clientId, setClientId] = useState(c.oidcClientId);
  const [secret, setSecret] = useState('');
  const save = useSave();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (save.busy) return;
    const body: SsoConfigurationInput = oidc
      ? { ssoEndpoint: endpoint.trim(), oidcClientId: clientId.trim(), ...(secret ? { oidcSecret: secret } : {}) }
      : { ssoEndpoint: endpoint.trim(), publicCertificate: certificate.trim(), signRequest };
    void save.run(
      () => sso.update.run({ id: c.id, body }),
      () => {
        setSecret('');
        toasts.show(t('admin.saved'));
      },
    );
  };
  return (
    <form className={css.form} onSubmit={submit} aria-busy={save.busy || undefined}>
      <fieldset className={`${css.form} ${css.bareFieldset}`} disabled={!canWrite}>
        <TextField
          label={t(oidc ? 'admin.sso.oidc.issuer' : 'admin.sso.saml.ssoEndpoint')}
          fieldId={`fe-sso-endpoint-${c.id}`}
          name="ssoEndpoint"
          type="url"
          autoComplete="off"
          value={endpoint}
          onChange={(e) => setEndpoint(e.target.value)}
        />
        {oidc ? (
          <>
            <TextField
              label={t('admin.sso.oidc.clientId')}
              fieldId={`fe-sso-client-${c.id}`}
              name="clientId"
              autoComplete="off"
              value={clientId}
              onChange={(e) => setClientId(e.target.value)}
            />
            {canWrite ? (
              <TextField
                label={t('admin.sso.oidc.replaceSecret')}
                fieldId={`fe-sso-secret-${c.id}`}
                name="clientSecret"
                type="password"
                autoComplete="new-password"
                hint={t(c.oidcSecretSet === false ? 'admin.sso.oidc.secretMissing' : 'admin.sso.oidc.replaceSecretHint')}
                value={secret}
                onChange={(e) => setSecret(e.target.value)}
              />
            ) : null}
          </>
        ) : (
          <>
            <TextAreaField
              label={t('admin.sso.saml.certificate')}
              fieldId={`fe-sso-cert-${c.id}`}
              name="publicCertificate"
              spellCheck={false}
              value={certificate}
              onChange={(e) => setCertificate(e.target.value)}
            />
            <CheckboxRow name="signRequest" checked={signRequest} onChange={setSignRequest}>
              {t('admin.sso.saml.signRequest')}
            </CheckboxRow>
          </>
        )}
      </fieldset>
      <ErrorSlot error={save.error} />
      {canWrite ? (
        <span>
          <button type="submit" className={css.button} aria-disabled={save.busy || undefined}>
            {save.busy ? t('admin.saving') : t('admin.save')}
          </button>
        </span>
      ) : null}
    </form>
  );
}
