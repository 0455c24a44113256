/**
 * The SSO setup dialog (admin spec §3, §7; AB-3.20–3.22, AB-6.08, AB-7.51; machines/admin-sso-setup.machine.ts), in
 * the order the IdP needs it (issue 31 item 5): choose the IdP → prepare it (what to paste into it first, each value
 * with a copy button: SAML our ACS URL and SP entity ID, OIDC our redirect URI) → configure (SAML by metadata URL,
 * metadata file read in the browser, or fields; OIDC by issuer, client id and client secret; the connection is made
 * disabled) → review (the IdP certificate's subject, expiry with a warning within 30 days, and fingerprint) → domains
 * → authorization → test and enable (a test sign-in, then "Enable connection" or "Leave disabled") → done. Each step
 * keeps what was typed on failure and says the server's error as a sentence; slow steps show progress.
 */
import { useStore } from '@nanostores/react';
import { useSelector } from '@xstate/react';
import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import type { Role } from '../../api/admin-types.ts';
import type { SsoConfiguration, SsoVendor } from '../../api/sso.ts';
import { protocolOf, setupProblem, type SamlMethod, type SetupDraft, type SetupProblem } from '../../../machines/admin-sso-setup.machine.ts';
import { createSsoResource, SSO_VENDORS } from '../resources/sso.ts';
import { useSection } from '../shell/context.ts';
import { useSectionFlow } from '../shell/use-section-flow.ts';
import * as css from '../ui/admin.css.ts';
import * as ssoCss from './sso.css.ts';
import { AdminDialog } from '../ui/dialog.tsx';
import { DialogActions, DoneActions, TextField } from '../ui/form.tsx';
import { FilePicker } from '../ui/file-picker.tsx';
import { ErrorSlot, Loading } from '../ui/states.tsx';
import { AuthorizationForm } from './AuthorizationForm.tsx';
import { DomainsPanel } from './DomainsPanel.tsx';
import { ssoSetupFlow } from './flows.ts';
import { focusProblem, OidcFields, SamlFields } from './fields.tsx';
import { CertificateFacts, ServiceProviderFacts } from './parts.tsx';
import { TestSignIn } from './TestSignIn.tsx';

/** The steps in order, as the step indicator names them (`done` is the last step's end). */
const STEPS = ['vendor', 'provider', 'configure', 'review', 'domains', 'authorization', 'enable'] as const;
type Step = (typeof STEPS)[number] | 'done';
const METHODS: SamlMethod[] = ['metadataUrl', 'metadataFile', 'fields'];

/** The setup dialog: open while mounted; `onOpen(id)` opens the connection made (its page). */
export function SetupDialog({ roles, onClose, onOpen }: { roles: Role[]; onClose: () => void; onOpen: (id: string) => void }) {
  const { t, toasts } = useSection();
  const actor = useSectionFlow(ssoSetupFlow, {});
  const step = useSelector(actor, (s) => (typeof s.value === 'string' ? s.value : Object.keys(s.value)[0]) as Step | 'closed');
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const ctx = useSelector(actor, (s) => s.context);
  useEffect(() => {
    const sub = actor.on('created', () => toasts.show(t('admin.sso.created')));
    return () => sub.unsubscribe();
  }, [actor, t, toasts]);
  useEffect(() => {
    if (step === 'closed') onClose();
  }, [step, onClose]);
  if (step === 'closed') return null;
  const cancel = () => actor.send({ type: 'setup.cancel' });
  const shownStep = step === 'done' ? 'enable' : step;
  const index = STEPS.indexOf(shownStep);

  return (
    <AdminDialog open onClose={cancel} busy={busy} title={t('admin.sso.setup.title')}>
      <ol className={ssoCss.steps} aria-label={t('admin.sso.setup.progress', { step: index + 1, steps: STEPS.length })}>
        {STEPS.map((s, i) => (
          <li key={s} aria-current={s === shownStep ? 'step' : undefined}>
            {i + 1}. {t(`admin.sso.step.${s}`)}
          </li>
        ))}
      </ol>
      {step === 'vendor' ? <VendorStep initial={ctx.vendor} onChoose={(vendor) => actor.send({ type: 'vendor.choose', vendor })} onCancel={cancel} /> : null}
      {step === 'provider' && ctx.vendor ? (
        <ProviderStep vendor={ctx.vendor} onNext={() => actor.send({ type: 'provider.next' })} onBack={() => actor.send({ type: 'provider.back' })} />
      ) : null}
      {step === 'configure' && ctx.vendor ? (
        <ConfigureStep
          vendor={ctx.vendor}
          initial={ctx.draft}
          busy={busy}
          error={ctx.error}
          onSubmit={(draft) => actor.send({ type: 'configure.submit', draft })}
          onBack={() => actor.send({ type: 'configure.back' })}
        />
      ) : null}
      {step === 'review' && ctx.configuration ? <ReviewStep configuration={ctx.configuration} onNext={() => actor.send({ type: 'review.next' })} /> : null}
      {step === 'domains' && ctx.configuration ? <DomainsStep configuration={ctx.configuration} onNext={() => actor.send({ type: 'domains.next' })} /> : null}
      {step === 'authorization' ? (
        <AuthorizationForm
          id="fe-sso-setup-auth"
          roles={roles}
          initial={ctx.authorization}
          busy={busy}
          error={ctx.error}
          onSubmit={(draft) => actor.send({ type: 'authorization.submit', draft })}
          submitLabel={t('admin.sso.auth.save')}
          busyLabel={t('admin.saving')}
        >
          <button type="button" className={css.secondaryButton} disabled={busy} onClick={() => actor.send({ type: 'authorization.skip' })}>
            {t('admin.sso.setup.skip')}
          </button>
        </AuthorizationForm>
      ) : null}
      {step === 'enable' && ctx.configuration ? (
        <EnableStep
          configuration={ctx.configuration}
          busy={busy}
          error={ctx.error}
          onEnable={() => actor.send({ type: 'enable.submit' })}
          onLater={() => actor.send({ type: 'enable.skip' })}
        />
      ) : null}
      {step === 'done' && ctx.configuration ? (
        <div className={css.form}>
          <p role="status" className={css.flush}>
            {t(ctx.configuration.enabled ? 'admin.sso.setup.doneEnabled' : 'admin.sso.setup.done')}
          </p>
          <div className={css.dialogActions}>
            <button
              type="button"
              className={css.secondaryButton}
              // the connection's page replaces the list and its dialog (the flow stops with it)
              onClick={() => ctx.configuration && onOpen(ctx.configuration.id)}
            >
              {t('admin.sso.setup.open')}
            </button>
          </div>
          <DoneActions label={t('admin.done')} onDone={() => actor.send({ type: 'setup.close' })} />
        </div>
      ) : null}
    </AdminDialog>
  );
}

/** Step 1: the IdP, radio cards (arrow keys move between them). */
function VendorStep({ initial, onChoose, onCancel }: { initial: SsoVendor | null; onChoose: (v: SsoVendor) => void; onCancel: () => void }) {
  const { t } = useSection();
  const [vendor, setVendor] = useState<SsoVendor>(initial ?? 'saml');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onChoose(vendor);
  };
  return (
    <form className={css.form} onSubmit={submit}>
      <fieldset className={`${css.field} ${css.bareFieldset}`}>
        <legend className={css.label}>{t('admin.sso.vendor.legend')}</legend>
        {SSO_VENDORS.map((v, i) => (
          <label key={v} className={ssoCss.radioCard}>
            <input type="radio" name="vendor" value={v} checked={vendor === v} onChange={() => setVendor(v)} autoFocus={vendor === v || (!initial && i === 0)} />
            <span className={css.cellStack}>
              <strong>{t(`admin.sso.vendor.${v}`)}</strong>
              <span className={css.muted}>{t(`admin.sso.vendor.${v}.hint`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <DialogActions onCancel={onCancel} label={t('admin.next')} />
    </form>
  );
}

/** Step 2: what to paste into the IdP before it can give us anything (issue 31 item 5), each value with a copy button. */
function ProviderStep({ vendor, onNext, onBack }: { vendor: SsoVendor; onNext: () => void; onBack: () => void }) {
  const { t } = useSection();
  return (
    <div className={css.form}>
      <p className={css.flush}>{t(`admin.sso.provider.intro.${vendor}`)}</p>
      <ServiceProviderFacts configuration={{ type: protocolOf(vendor) }} idSuffix="setup" />
      <div className={css.dialogActions}>
        <button type="button" className={css.secondaryButton} onClick={onBack}>
          {t('admin.sso.back')}
        </button>
        <button type="button" className={css.button} onClick={onNext} autoFocus>
          {t('admin.next')}
        </button>
      </div>
    </div>
  );
}

/** The last step: the connection made is disabled; a test sign-in, then enable it (the emphasised choice) or leave it off. */
function EnableStep(props: { configuration: SsoConfiguration; busy: boolean; error: unknown; onEnable: () => void; onLater: () => void }) {
  const { t } = useSection();
  const { busy } = props;
  return (
    <div className={css.form} aria-busy={busy || undefined}>
      <p className={css.flush}>{t('admin.sso.enable.intro')}</p>
      <TestSignIn configuration={props.configuration} />
      <ErrorSlot error={props.error} />
      <div className={css.dialogActions}>
        <button type="button" className={css.secondaryButton} onClick={props.onLater} disabled={busy}>
          {t('admin.sso.enable.later')}
        </button>
        <button type="button" className={css.button} aria-disabled={busy || undefined} onClick={() => !busy && props.onEnable()}>
          {busy ? t('admin.sso.enable.submitting') : t('admin.sso.enable.submit')}
        </button>
      </div>
    </div>
  );
}

/** Step 3: the IdP's details. The draft stays as typed when the server refuses it. */
function ConfigureStep(props: { vendor: SsoVendor; initial: SetupDraft; busy: boolean; error: unknown; onSubmit: (d: SetupDraft) => void; onBack: () => void }) {
  const { t } = useSection();
  const { vendor, busy } = props;
  const [draft, setDraft] = useState<SetupDraft>(props.initial);
  const [problem, setProblem] = useState<SetupProblem | null>(null);
  const [fileError, setFileError] = useState(false);
  const set = (patch: Partial<SetupDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const oidc = protocolOf(vendor) === 'oidc';
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    const wrong = setupProblem(vendor, draft);
    setProblem(wrong);
    if (!focusProblem(e.currentTarget, wrong)) props.onSubmit(draft);
  };
  const readFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    setFileError(false);
    file.text().then(
      (xml) => set({ metadataXml: xml, metadataFileName: file.name }),
      () => setFileError(true),
    );
  };
  return (
    <form className={css.form} onSubmit={submit} noValidate aria-busy={busy || undefined}>
      <p className={css.flush}>{t(`admin.sso.configure.intro.${vendor}`)}</p>
      {oidc ? (
        <OidcFields idPrefix="fe-sso" value={draft} onChange={set} problem={problem} secret="new" autoFocus />
      ) : (
        <>
          <fieldset className={`${css.field} ${css.bareFieldset}`}>
            <legend className={css.label}>{t('admin.sso.method.legend')}</legend>
            {METHODS.map((m) => (
              <label key={m} className={css.checkboxRow}>
                <input type="radio" name="method" value={m} checked={draft.method === m} onChange={() => set({ method: m })} autoFocus={draft.method === m} />
                <span>{t(`admin.sso.method.${m}`)}</span>
              </label>
            ))}
          </fieldset>
          {draft.method === 'metadataUrl' ? (
            <TextField
              label={t('admin.sso.saml.metadataUrl')}
              fieldId="fe-sso-metadata-url"
              name="metadataUrl"
              type="url"
              autoComplete="off"
              placeholder="https://idp.example.com/metadata"
              hint={t(`admin.sso.saml.metadataUrlHint.${vendor}`)}
              error={problem === 'metadataUrl' ? t('admin.sso.urlInvalid') : null}
              value={draft.metadataUrl}
              onChange={(e) => set({ metadataUrl: e.target.value })}
            />
          ) : null}
          {draft.method === 'metadataFile' ? (
            <div className={css.field}>
              <FilePicker
                label={t('admin.sso.saml.metadataFile')}
                name="metadataFile"
                accept=".xml,application/xml,text/xml"
                onChange={readFile}
                describedBy="fe-sso-metadata-file-hint"
              />
              <span id="fe-sso-metadata-file-hint" className={css.hint}>
                {draft.metadataFileName ? t('admin.sso.saml.fileChosen', { name: draft.metadataFileName }) : t('admin.sso.saml.metadataFileHint')}
              </span>
              {problem === 'metadataFile' || fileError ? (
                <span className={css.fieldError} role="alert">
                  {t(fileError ? 'admin.sso.saml.fileUnreadable' : 'admin.sso.saml.fileRequired')}
                </span>
              ) : null}
            </div>
          ) : null}
          {draft.method === 'fields' ? <SamlFields idPrefix="fe-sso" value={draft} onChange={set} problem={problem} entityId /> : null}
        </>
      )}
      {busy ? <Loading label={t(oidc ? 'admin.sso.configure.discovering' : 'admin.sso.configure.reading')} /> : null}
      <ErrorSlot error={props.error} />
      <div className={css.dialogActions}>
        <button type="button" className={css.secondaryButton} onClick={props.onBack} disabled={busy}>
          {t('admin.sso.back')}
        </button>
        <button type="submit" className={css.button} aria-disabled={busy || undefined}>
          {busy ? t('admin.sso.configure.saving') : t('admin.sso.configure.save')}
        </button>
      </div>
    </form>
  );
}

/** Step 4: what was read from the IdP, and what to give it (again, for the record). */
function ReviewStep({ configuration, onNext }: { configuration: SsoConfiguration; onNext: () => void }) {
  const { t } = useSection();
  const oidc = configuration.type === 'oidc';
  return (
    <div className={css.form}>
      <h3 className={css.subtitle}>{t('admin.sso.review.idp')}</h3>
      <dl className={ssoCss.facts}>
        <dt>{t(oidc ? 'admin.sso.oidc.issuer' : 'admin.sso.saml.ssoEndpoint')}</dt>
        <dd>{configuration.ssoEndpoint}</dd>
        {oidc ? (
          <>
            <dt>{t('admin.sso.oidc.clientId')}</dt>
            <dd>{configuration.oidcClientId}</dd>
            <dt>{t('admin.sso.oidc.clientSecret')}</dt>
            <dd>{t(configuration.oidcSecretSet === false ? 'admin.sso.oidc.secretMissing' : 'admin.sso.oidc.secretStored')}</dd>
          </>
        ) : null}
      </dl>
      <CertificateFacts configuration={configuration} />
      <h3 className={css.subtitle}>{t('admin.sso.review.sp')}</h3>
      <p className={`${css.muted} ${css.flush}`}>{t(oidc ? 'admin.sso.review.spIntroOidc' : 'admin.sso.review.spIntro')}</p>
      <ServiceProviderFacts configuration={configuration} />
      <div className={css.dialogActions}>
        <button type="button" className={css.button} onClick={onNext} autoFocus>
          {t('admin.next')}
        </button>
      </div>
    </div>
  );
}

/** Step 5: the connection's domains, live from the list (each validated on its own). */
function DomainsStep({ configuration, onNext }: { configuration: SsoConfiguration; onNext: () => void }) {
  const { t } = useSection();
  const sso = useSection().resources.use(createSsoResource);
  const list = useStore(sso.$configurations);
  const live = list.data?.find((c) => c.id === configuration.id) ?? configuration;
  return (
    <div className={css.form}>
      <DomainsPanel configId={live.id} domains={live.domains} canWrite />
      <div className={css.dialogActions}>
        <button type="button" className={css.button} onClick={onNext}>
          {t('admin.next')}
        </button>
      </div>
    </div>
  );
}
