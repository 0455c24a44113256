/**
 * One SSO connection's page (`#/admin/sso/<connection id>`; admin spec §3, §6, §7): the IdP's settings (SAML: SSO URL,
 * certificate, sign requests; OIDC: issuer, client id and a "Replace secret" field — the stored secret is never shown),
 * the certificate read, our ACS URL / SP entity ID (OIDC: redirect URI) to copy, the enabled switch (a note while it is
 * off), a test sign-in (SAML, issue 31 item 5), the domains (each proven by DNS), the
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
import { ErrorSlot } from '../ui/states.tsx';
import { useSave } from '../ui/use-save.ts';
import { oidcFieldsProblem, samlFieldsProblem } from '../../../machines/admin-sso-setup.machine.ts';
import { AuthorizationForm } from './AuthorizationForm.tsx';
import { DomainsPanel } from './DomainsPanel.tsx';
import { focusProblem, OidcFields, SamlFields, type OidcValues, type SamlValues } from './fields.tsx';
import { LegacySamlPanel } from './LegacySamlPanel.tsx';
import { hostOf, kindKey } from './model.ts';
import { TestSignIn } from './TestSignIn.tsx';
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
          <span className={css.muted} data-kind="">
            {t(kindKey(c))}
            {c.isLegacySaml ? ` · ${t('admin.sso.legacy')}` : ''}
          </span>
        </div>
        <EnabledSwitch configuration={c} canWrite={canWrite} />
      </header>
      {!canWrite ? <p className={css.muted}>{t('admin.sso.readOnly')}</p> : null}
      {!c.enabled ? <p className={css.notice}>{t('admin.sso.disabledNote')}</p> : null}
      {canWrite ? <TestSignIn configuration={c} /> : null}
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

/**
 * The IdP's editable settings: the section's SAML or OIDC fields (./fields.tsx), checked as every SSO form checks them
 * (a saved configuration: the SAML fields may stay empty; the OIDC secret is write-only, an empty "Replace secret"
 * keeps the stored one).
 */
function IdpForm({ configuration: c, canWrite }: { configuration: SsoConfiguration; canWrite: boolean }) {
  const { t, toasts, resources } = useSection();
  const sso = resources.use(createSsoResource);
  const oidc = c.type === 'oidc';
  const [saml, setSaml] = useState<SamlValues>({ ssoEndpoint: c.ssoEndpoint, publicCertificate: c.publicCertificate, signRequest: c.signRequest });
  const [openId, setOpenId] = useState<OidcValues>({ issuer: c.ssoEndpoint, clientId: c.oidcClientId, clientSecret: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSave();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (save.busy) return;
    const wrong = oidc ? oidcFieldsProblem(openId, false) : samlFieldsProblem(saml, false);
    setProblem(wrong);
    if (focusProblem(e.currentTarget, wrong)) return;
    const body: SsoConfigurationInput = oidc
      ? { ssoEndpoint: openId.issuer.trim(), oidcClientId: openId.clientId.trim(), ...(openId.clientSecret ? { oidcSecret: openId.clientSecret } : {}) }
      : { ssoEndpoint: saml.ssoEndpoint.trim(), publicCertificate: saml.publicCertificate.trim(), signRequest: saml.signRequest };
    void save.run(
      () => sso.update.run({ id: c.id, body }),
      () => {
        setOpenId((v) => ({ ...v, clientSecret: '' }));
        toasts.show(t('admin.saved'));
      },
    );
  };
  const idPrefix = `fe-sso-${c.id}`;
  return (
    <form className={css.form} onSubmit={submit} noValidate aria-busy={save.busy || undefined}>
      <fieldset className={`${css.form} ${css.bareFieldset}`} disabled={!canWrite}>
        {oidc ? (
          <OidcFields
            idPrefix={idPrefix}
            value={openId}
            onChange={(patch) => setOpenId((v) => ({ ...v, ...patch }))}
            problem={problem}
            secret={canWrite ? 'replace' : 'none'}
            secretSet={c.oidcSecretSet}
          />
        ) : (
          <SamlFields idPrefix={idPrefix} value={saml} onChange={(patch) => setSaml((v) => ({ ...v, ...patch }))} problem={problem} />
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
