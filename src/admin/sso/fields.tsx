/**
 * The IdP's field sets of the SSO section (issue 30 item 3), one per protocol, used by all three SSO forms: the setup
 * dialog's configure step (a new connection), a connection's page (its IdP settings) and the legacy SAML panel.
 * `SamlFields`: the SSO URL, the IdP entity ID (the setup only), the signing certificate (PEM) and "sign the requests";
 * `OidcFields`: the issuer, the client ID and the client secret (write-only: a new one, or "Replace secret" that keeps
 * the stored one when left empty). Their checks are machines/admin-sso-setup.machine.ts `samlFieldsProblem` and
 * `oidcFieldsProblem`; a form shows the first problem under its field (announced) and moves the focus there with
 * {@link focusProblem}. The translate function comes from the section (`useSection()`).
 */
import type { OidcFieldsProblem, SamlFieldsProblem } from '../../../machines/admin-sso-setup.machine.ts';
import { useSection } from '../shell/context.ts';
import { CheckboxRow, TextAreaField, TextField } from '../ui/form.tsx';

/** What the SAML fields hold. `idpEntityId` only where the form asks for it. */
export interface SamlValues {
  ssoEndpoint: string;
  idpEntityId?: string;
  publicCertificate: string;
  signRequest: boolean;
}

/** What the OIDC fields hold (the issuer goes to the configuration's `ssoEndpoint`). */
export interface OidcValues {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/**
 * What both field sets take: `value` shown, each edit handed to `onChange` as a patch; `idPrefix` makes the element
 * ids unique; `problem` names the field to fix (its error shown; a name of another field, a form's own, shows nothing
 * here); `autoFocus` focuses the first field.
 */
interface FieldSetProps<V> {
  idPrefix: string;
  value: V;
  onChange: (patch: Partial<V>) => void;
  problem?: SamlFieldsProblem | OidcFieldsProblem | (string & {}) | null;
  autoFocus?: boolean;
}

/** The IdP's address of each protocol: the SAML SSO URL, the OIDC issuer (its element id suffix, label, example, hint). */
const ADDRESSES = {
  ssoEndpoint: { id: 'endpoint', label: 'admin.sso.saml.ssoEndpoint', placeholder: 'https://idp.example.com/sso', hint: null },
  issuer: { id: 'issuer', label: 'admin.sso.oidc.issuer', placeholder: 'https://idp.example.com', hint: 'admin.sso.oidc.issuerHint' },
} as const;

/** The IdP's address `name` (an http(s) URL): "Enter a full address…" under it when it is the `problem`. */
function AddressField({
  name,
  idPrefix,
  value,
  problem,
  onChange,
  autoFocus,
}: {
  name: keyof typeof ADDRESSES;
  idPrefix: string;
  value: string;
  problem: string | null;
  onChange: (value: string) => void;
  autoFocus: boolean;
}) {
  const { t } = useSection();
  const address = ADDRESSES[name];
  return (
    <TextField
      label={t(address.label)}
      fieldId={`${idPrefix}-${address.id}`}
      name={name}
      type="url"
      autoComplete="off"
      placeholder={address.placeholder}
      hint={address.hint ? t(address.hint) : undefined}
      error={problem === name ? t('admin.sso.urlInvalid') : null}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      autoFocus={autoFocus}
    />
  );
}

/**
 * The SAML fields (ids `<idPrefix>-endpoint`, `-idp-entity`, `-cert`): the SSO URL, the IdP entity ID when
 * `entityId` (optional: read from the metadata otherwise), the certificate and "sign the requests".
 */
export function SamlFields({ idPrefix, value, onChange, problem = null, entityId = false, autoFocus = false }: FieldSetProps<SamlValues> & { entityId?: boolean }) {
  const { t } = useSection();
  return (
    <>
      <AddressField
        name="ssoEndpoint"
        idPrefix={idPrefix}
        value={value.ssoEndpoint}
        problem={problem}
        onChange={(ssoEndpoint) => onChange({ ssoEndpoint })}
        autoFocus={autoFocus}
      />
      {entityId ? (
        <TextField
          label={t('admin.sso.saml.idpEntityId')}
          fieldId={`${idPrefix}-idp-entity`}
          name="idpEntityId"
          autoComplete="off"
          hint={t('admin.sso.saml.idpEntityIdHint')}
          value={value.idpEntityId ?? ''}
          onChange={(e) => onChange({ idpEntityId: e.target.value })}
        />
      ) : null}
      <TextAreaField
        label={t('admin.sso.saml.certificate')}
        fieldId={`${idPrefix}-cert`}
        name="publicCertificate"
        spellCheck={false}
        placeholder="-----BEGIN CERTIFICATE-----"
        hint={t('admin.sso.saml.certificateHint')}
        error={problem === 'publicCertificate' ? t('admin.required') : null}
        value={value.publicCertificate}
        onChange={(e) => onChange({ publicCertificate: e.target.value })}
      />
      <CheckboxRow name="signRequest" checked={value.signRequest} onChange={(signRequest) => onChange({ signRequest })}>
        {t('admin.sso.saml.signRequest')}
      </CheckboxRow>
    </>
  );
}

/**
 * The OIDC fields (ids `<idPrefix>-issuer`, `-client-id`, `-client-secret`). `secret` is `new`
 * (a new connection: "Client secret", required), `replace` (a saved one: "Replace secret", empty keeps the stored
 * one; `secretSet` false says none is stored yet) or `none` (read-only: no secret field at all).
 */
export function OidcFields({
  idPrefix,
  value,
  onChange,
  problem = null,
  secret,
  secretSet,
  autoFocus = false,
}: FieldSetProps<OidcValues> & { secret: 'new' | 'replace' | 'none'; secretSet?: boolean }) {
  const { t } = useSection();
  return (
    <>
      <AddressField name="issuer" idPrefix={idPrefix} value={value.issuer} problem={problem} onChange={(issuer) => onChange({ issuer })} autoFocus={autoFocus} />
      <TextField
        label={t('admin.sso.oidc.clientId')}
        fieldId={`${idPrefix}-client-id`}
        name="clientId"
        autoComplete="off"
        error={problem === 'clientId' ? t('admin.required') : null}
        value={value.clientId}
        onChange={(e) => onChange({ clientId: e.target.value })}
      />
      {secret === 'none' ? null : (
        <TextField
          label={t(secret === 'new' ? 'admin.sso.oidc.clientSecret' : 'admin.sso.oidc.replaceSecret')}
          fieldId={`${idPrefix}-client-secret`}
          name="clientSecret"
          type="password"
          autoComplete="new-password"
          hint={t(secret === 'new' ? 'admin.sso.oidc.secretHint' : secretSet === false ? 'admin.sso.oidc.secretMissing' : 'admin.sso.oidc.replaceSecretHint')}
          error={problem === 'clientSecret' ? t('admin.required') : null}
          value={value.clientSecret}
          onChange={(e) => onChange({ clientSecret: e.target.value })}
        />
      )}
    </>
  );
}

/**
 * After a form's check: focuses the field named `problem` in `form` (the first to fix) and answers true, or answers
 * false when there is no problem (the form may send).
 */
export function focusProblem(form: HTMLFormElement, problem: string | null): boolean {
  if (!problem) return false;
  form.querySelector<HTMLElement>(`[name=${problem}]`)?.focus();
  return true;
}
