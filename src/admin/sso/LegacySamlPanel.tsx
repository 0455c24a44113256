/**
 * The account's legacy single SAML configuration (api-contract §V `saml/configurations`; admin spec §4; AB-4.13–4.17,
 * AB-8.09), run by machines/admin-saml.machine.ts: shown when the account has one (a domain stored). Its enabled
 * switch shows loading (AB-4.15), its other saves "Saving…" (AB-4.16); a changed domain clears the SSO URL and the
 * certificate and turns signing off (AB-4.14, said under the field); "Validate domain" sets validated true or false
 * (AB-4.13). Multi-SSO connections are the way forward: this panel keeps an older account's configuration working.
 */
import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { hasSamlConfiguration } from '../../../machines/admin-saml.machine.ts';
import { samlFieldsProblem } from '../../../machines/admin-sso-setup.machine.ts';
import { useSectionFlow } from '../shell/use-section-flow.ts';
import * as css from '../ui/admin.css.ts';
import * as ssoCss from './sso.css.ts';
import { CheckboxRow, TextField } from '../ui/form.tsx';
import { ErrorSlot } from '../ui/states.tsx';
import { focusProblem, SamlFields, type SamlValues } from './fields.tsx';
import { samlFlow } from './flows.ts';
import { DomainBadge } from './parts.tsx';
import { CopyField } from '../ui/copy-field.tsx';
import { useSection } from '../shell/context.ts';

/** The legacy SAML panel: nothing while loading or when the account has no legacy configuration. */
export function LegacySamlPanel({ canWrite }: { canWrite: boolean }) {
  const actor = useSectionFlow(samlFlow);
  const saml = useSelector(actor, (s) => s.context.saml);
  const ready = useSelector(actor, (s) => !s.matches('loading') && !s.matches('failed'));
  if (!ready || !hasSamlConfiguration(saml)) return null;
  return <LegacySamlForm actor={actor} canWrite={canWrite} />;
}

function LegacySamlForm({ actor, canWrite }: { actor: ReturnType<typeof useSectionFlow<typeof samlFlow>>; canWrite: boolean }) {
  const { t } = useSection();
  const saml = useSelector(actor, (s) => s.context.saml) ?? { enabled: false };
  const error = useSelector(actor, (s) => s.context.error);
  const toggling = useSelector(actor, (s) => s.hasTag('loading'));
  const saving = useSelector(actor, (s) => s.hasTag('saving'));
  const validating = useSelector(actor, (s) => s.matches('validating'));
  const [domain, setDomain] = useState(saml.domain ?? '');
  const [fields, setFields] = useState<SamlValues>({
    ssoEndpoint: saml.ssoEndpoint ?? '',
    publicCertificate: saml.publicCertificate ?? '',
    signRequest: saml.signRequest ?? false,
  });
  const [problem, setProblem] = useState<string | null>(null);
  const domainChanged = domain.trim() !== (saml.domain ?? '');
  // the server's answer to a validation whose TXT record is not found yet carries a reason (not an error)
  const notFound = !saml.validated && Boolean((saml as { reason?: string }).reason);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (saving) return;
    // the SSO section's SAML check; empty fields may stay (a domain change clears them on the server)
    const wrong = samlFieldsProblem(fields, false);
    setProblem(wrong);
    if (focusProblem(e.currentTarget, wrong)) return;
    const { ssoEndpoint, publicCertificate, signRequest } = fields;
    actor.send({
      type: 'saml.save',
      configuration: { enabled: saml.enabled, type: 'saml', domain: domain.trim(), ssoEndpoint: ssoEndpoint.trim(), publicCertificate: publicCertificate.trim(), signRequest },
      callback: (result) => {
        // AB-4.14: what the server now holds (endpoint and certificate cleared after a domain change)
        if (result) setFields({ ssoEndpoint: result.ssoEndpoint ?? '', publicCertificate: result.publicCertificate ?? '', signRequest: result.signRequest ?? false });
      },
    });
  };
  return (
    <section className={ssoCss.card} aria-labelledby="fe-sso-legacy-title" aria-busy={saving || toggling || undefined}>
      <div className={ssoCss.cardHeader}>
        <h3 id="fe-sso-legacy-title" className={css.subtitle}>
          {t('admin.sso.saml.legacyTitle')}
        </h3>
        <span className={css.toolbar}>
          <CheckboxRow
            name="samlEnabled"
            role="switch"
            checked={saml.enabled}
            disabled={!canWrite || toggling}
            onChange={(enabled) => actor.send({ type: 'saml.setEnabled', enabled })}
          >
            {t('admin.sso.enabled')}
          </CheckboxRow>
          <span role="status" className={css.hint}>
            {toggling ? (
              <>
                <span className={css.spinner} aria-hidden="true" />
                {t('admin.sso.switching')}
              </>
            ) : (
              ''
            )}
          </span>
        </span>
      </div>
      <div className={css.toolbar}>
        <strong>{saml.domain}</strong>
        <DomainBadge validated={saml.validated === true} />
      </div>
      {!saml.validated && saml.generatedVerification ? (
        <>
          <p className={css.flush}>{t('admin.sso.domain.publish', { domain: saml.domain ?? '' })}</p>
          <CopyField id="fe-sso-legacy-txt" label={t('admin.sso.domain.txtValue')} value={saml.generatedVerification} />
        </>
      ) : null}
      <p role="status" className={`${notFound ? css.notice : css.hint} ${css.flush}`}>
        {validating ? t('admin.sso.domain.checking') : notFound ? t('admin.sso.domain.notFound') : ''}
      </p>
      {canWrite ? (
        <span>
          <button type="button" className={css.secondaryButton} aria-disabled={validating || undefined} onClick={() => !validating && actor.send({ type: 'saml.validateDomain' })}>
            {validating ? t('admin.sso.domain.validating') : t('admin.sso.saml.validateDomain')}
          </button>
        </span>
      ) : null}
      <form className={css.form} onSubmit={submit} noValidate aria-busy={saving || undefined}>
        <fieldset className={`${css.form} ${css.bareFieldset}`} disabled={!canWrite}>
          <TextField
            label={t('admin.sso.saml.domain')}
            fieldId="fe-sso-legacy-domain"
            name="domain"
            autoComplete="off"
            hint={domainChanged ? t('admin.sso.saml.domainChangeHint') : undefined}
            value={domain}
            onChange={(e) => setDomain(e.target.value)}
          />
          <SamlFields idPrefix="fe-sso-legacy" value={fields} onChange={(patch) => setFields((v) => ({ ...v, ...patch }))} problem={problem} />
        </fieldset>
        <ErrorSlot error={error} />
        {canWrite ? (
          <span>
            <button type="submit" className={css.button} aria-disabled={saving || undefined}>
              {saving ? t('admin.saving') : t('admin.save')}
            </button>
          </span>
        ) : null}
      </form>
    </section>
  );
}
