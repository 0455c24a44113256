/**
 * Set up an SSO connection (admin spec §3 "SAML config", "SSO vendors", "Multi-SSO configuration", §7 "SSO and
 * provisioning"; AB-3.20–3.22, AB-6.08, AB-7.51), in the flow dialect of machines/flow.ts:
 *
 * `vendor` (choose the IdP: SAML generic, Okta, Entra ID, Google Workspace, OIDC; `vendor.choose`)
 * → `provider` (what to paste into the IdP first, issue 31 item 5: SAML our ACS URL and SP entity ID, OIDC our
 *   redirect URI; `provider.next`, `provider.back` returns to `vendor`)
 * → `configure` (`idle` ⇄ `submitting`: SAML by metadata URL, metadata file or fields, OIDC by issuer + client id +
 *   client secret; `configure.submit` with a valid draft; `configure.back` returns to `provider`). The connection is
 *   made disabled, the IdP chosen kept with it (`configMetadata.vendor`).
 * → `review` (the IdP certificate and our ACS URL / SP entity ID, read from the configuration made; `review.next`)
 * → `domains` (domains claimed and proven one by one: machines/admin-sso-domain.machine.ts; `domains.next`)
 * → `authorization` (`idle` ⇄ `submitting`: default roles and group mappings; `authorization.submit`,
 *   `authorization.skip`)
 * → `enable` (`idle` ⇄ `submitting`: the admin may test the sign-in, then enables the connection, `enable.submit`,
 *   or leaves it disabled, `enable.skip`) → `done` (`setup.close`) → `closed` (final). `setup.cancel` closes from
 *   any step.
 *
 * A refused step goes back to its `idle` with the error (a {@link FlowError}) and the draft as typed. Emits
 * `created` once the configuration exists (the list shows it from then on, even if the admin leaves the flow).
 * Actors (machines/admin-sso-setup.actors.ts): `createConfiguration`, `saveAuthorization`, `enableConfiguration`.
 */
import { assign, emit, fromPromise, type SnapshotFrom } from 'xstate';
import { setup } from './setup.ts';
import type { SsoConfiguration, SsoVendor } from '../src/api/sso.ts';
import type { SsoAuthorizationInput, SsoCreateInput } from '../src/admin/resources/sso.ts';
import { toFlowError, type FlowError } from './errors.ts';
import { formStep } from './flow.ts';

/** How a SAML configuration is entered. */
export type SamlMethod = 'metadataUrl' | 'metadataFile' | 'fields';

/** The protocol a vendor speaks: OIDC for `oidc`, SAML for the others (AB-3.21). */
export function protocolOf(vendor: SsoVendor): 'saml' | 'oidc' {
  return vendor === 'oidc' ? 'oidc' : 'saml';
}

/** What the configure step's form holds (every method's fields, so switching method keeps what was typed). */
export interface SetupDraft {
  method: SamlMethod;
  metadataUrl: string;
  /** The metadata XML read from the chosen file, and the file's name (shown). */
  metadataXml: string;
  metadataFileName: string;
  ssoEndpoint: string;
  /** The IdP's entity ID (SAML by fields; optional). */
  idpEntityId: string;
  publicCertificate: string;
  signRequest: boolean;
  /** OIDC: the issuer (discovery at `<issuer>/.well-known/openid-configuration`), client id and secret. */
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** An empty draft: SAML by metadata URL. */
export const EMPTY_SETUP_DRAFT: SetupDraft = Object.freeze({
  method: 'metadataUrl',
  metadataUrl: '',
  metadataXml: '',
  metadataFileName: '',
  ssoEndpoint: '',
  idpEntityId: '',
  publicCertificate: '',
  signRequest: false,
  issuer: '',
  clientId: '',
  clientSecret: '',
}) as SetupDraft;

/** A field of the draft that is wrong. */
export type SetupProblem = 'metadataUrl' | 'metadataFile' | SamlFieldsProblem | OidcFieldsProblem;

/** A SAML field that is wrong: the SSO URL (no http(s) URL) or the certificate (missing). */
export type SamlFieldsProblem = 'ssoEndpoint' | 'publicCertificate';

/** An OIDC field that is wrong: the issuer (no http(s) URL), the client id or the client secret (missing). */
export type OidcFieldsProblem = 'issuer' | 'clientId' | 'clientSecret';

const isHttpUrl = (text: string) => {
  try {
    const u = new URL(text.trim());
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
};

/**
 * What is wrong with an IdP's SAML fields, if anything (the first field to fix), as every SSO form checks them: the
 * SSO URL is an http(s) URL and the certificate is given — or, not `required` (a saved configuration edited, where
 * the server may clear them), each may stay empty but a URL given must be one.
 */
export function samlFieldsProblem(v: { ssoEndpoint: string; publicCertificate: string }, required = true): SamlFieldsProblem | null {
  if (required || v.ssoEndpoint.trim()) {
    if (!isHttpUrl(v.ssoEndpoint)) return 'ssoEndpoint';
  }
  if (required && !v.publicCertificate.trim()) return 'publicCertificate';
  return null;
}

/**
 * What is wrong with an IdP's OIDC fields, if anything (the first field to fix): the issuer is an http(s) URL, the
 * client id is given, and the secret when `secretRequired` (a new connection; a saved one keeps its secret when the
 * "Replace secret" field stays empty).
 */
export function oidcFieldsProblem(v: { issuer: string; clientId: string; clientSecret: string }, secretRequired = true): OidcFieldsProblem | null {
  if (!isHttpUrl(v.issuer)) return 'issuer';
  if (!v.clientId.trim()) return 'clientId';
  if (secretRequired && !v.clientSecret) return 'clientSecret';
  return null;
}

/** What is wrong with a draft for `vendor`, if anything (the first field to fix): addresses are http(s) URLs; the rest required. */
export function setupProblem(vendor: SsoVendor, d: SetupDraft): SetupProblem | null {
  if (protocolOf(vendor) === 'oidc') return oidcFieldsProblem(d);
  if (d.method === 'metadataUrl') return isHttpUrl(d.metadataUrl) ? null : 'metadataUrl';
  if (d.method === 'metadataFile') return d.metadataXml.trim() ? null : 'metadataFile';
  return samlFieldsProblem(d);
}

/**
 * The create call of a draft (trimmed): metadata URL, metadata XML, SAML fields, or OIDC fields (the issuer in
 * `ssoEndpoint`). Each makes the connection disabled (enabled at the setup's end) and keeps the IdP chosen.
 */
export function createInput(vendor: SsoVendor, d: SetupDraft): SsoCreateInput {
  const configMetadata = { vendor };
  if (protocolOf(vendor) === 'oidc') {
    return {
      method: 'fields',
      body: { type: 'oidc', enabled: false, ssoEndpoint: d.issuer.trim(), oidcClientId: d.clientId.trim(), oidcSecret: d.clientSecret, configMetadata },
    };
  }
  if (d.method === 'metadataUrl') return { method: 'metadataUrl', url: d.metadataUrl.trim(), vendor };
  if (d.method === 'metadataFile') return { method: 'metadataFile', metadata: d.metadataXml, vendor };
  return {
    method: 'fields',
    body: {
      type: 'saml',
      enabled: false,
      configMetadata,
      ssoEndpoint: d.ssoEndpoint.trim(),
      ...(d.idpEntityId.trim() ? { idpEntityId: d.idpEntityId.trim() } : {}),
      publicCertificate: d.publicCertificate.trim(),
      signRequest: d.signRequest,
    },
  };
}

/** Days before a certificate's end within which the review warns (the certificate needs renewing soon). */
export const CERTIFICATE_WARNING_DAYS = 30;
const DAY_MS = 86_400_000;

/** Whether a certificate ending at `validTo` (ISO date) has `expired`, ends `soon` (≤ 30 days from `now`, ms) or is `ok`. */
export function certificateStatus(validTo: string, now: number): 'expired' | 'soon' | 'ok' {
  const end = Date.parse(validTo);
  if (Number.isNaN(end) || end <= now) return 'expired';
  return end - now <= CERTIFICATE_WARNING_DAYS * DAY_MS ? 'soon' : 'ok';
}

/** What the authorization step's form holds: default roles and the group mappings (rows with `id` are stored ones). */
export interface AuthorizationDraft {
  roleIds: string[];
  groups: Array<{ id?: string; group: string; roleIds: string[] }>;
}

/** The first group row without a name (index), or null: every mapping names its IdP group. */
export function authorizationProblem(d: AuthorizationDraft): number | null {
  const i = d.groups.findIndex((g) => !g.group.trim());
  return i < 0 ? null : i;
}

export interface SsoSetupContext {
  vendor: SsoVendor | null;
  draft: SetupDraft;
  /** The configuration once made (review, domains and authorization work on it). */
  configuration: SsoConfiguration | null;
  authorization: AuthorizationDraft;
  error: FlowError | null;
}

export type SsoSetupEvent =
  | { type: 'vendor.choose'; vendor: SsoVendor }
  | { type: 'configure.submit'; draft: SetupDraft }
  | { type: 'configure.back' }
  | { type: 'review.next' }
  | { type: 'domains.next' }
  | { type: 'authorization.submit'; draft: AuthorizationDraft }
  | { type: 'authorization.skip' }
  | { type: 'provider.next' }
  | { type: 'provider.back' }
  | { type: 'enable.submit' }
  | { type: 'enable.skip' }
  | { type: 'setup.close' }
  | { type: 'setup.cancel' };

export type SsoSetupEmitted = { type: 'created'; configuration: SsoConfiguration } | { type: 'saved' } | { type: 'enabled' };

const ssoSetup = setup({
  types: {
    context: {} as SsoSetupContext,
    events: {} as SsoSetupEvent,
    emitted: {} as SsoSetupEmitted,
    input: {} as { vendor?: SsoVendor } | undefined,
  },
  actors: {
    /** Makes the configuration; resolves with it as stored (certificate read, OIDC discovery done). */
    createConfiguration: fromPromise<SsoConfiguration, SsoCreateInput>(async () => {
      throw new Error('createConfiguration not provided');
    }),
    /** Saves default roles and group mappings. */
    saveAuthorization: fromPromise<void, SsoAuthorizationInput>(async () => {
      throw new Error('saveAuthorization not provided');
    }),
    /** Switches the configuration made on (the setup's last step); resolves with it as stored. */
    enableConfiguration: fromPromise<SsoConfiguration, { id: string }>(async () => {
      throw new Error('enableConfiguration not provided');
    }),
  },
  guards: {
    validDraft: ({ context, event }) => event.type === 'configure.submit' && context.vendor !== null && setupProblem(context.vendor, event.draft) === null,
    validAuthorization: ({ event }) => event.type === 'authorization.submit' && authorizationProblem(event.draft) === null,
  },
  actions: {
    storeError: assign({ error: (_, params: { error: unknown }) => toFlowError(params.error) }),
    emitCreated: emit((_, params: { configuration: SsoConfiguration }) => ({ type: 'created' as const, configuration: params.configuration })),
    emitSaved: emit({ type: 'saved' as const }),
    emitEnabled: emit({ type: 'enabled' as const }),
  },
});

export const adminSsoSetupMachine = ssoSetup.createMachine({
  id: 'adminSsoSetup',
  context: ({ input }) => ({
    vendor: input?.vendor ?? null,
    draft: { ...EMPTY_SETUP_DRAFT },
    configuration: null,
    authorization: { roleIds: [], groups: [] },
    error: null,
  }),
  initial: 'vendor',
  on: { 'setup.cancel': '.closed' },
  states: {
    vendor: {
      on: { 'vendor.choose': { target: 'provider', actions: assign({ vendor: ({ event }) => event.vendor, error: null }) } },
    },
    provider: {
      on: { 'provider.next': 'configure', 'provider.back': 'vendor' },
    },
    configure: {
      on: { 'configure.back': { target: 'provider', actions: assign({ error: null }) } },
      ...formStep(
        ssoSetup,
        'configure.submit',
        {
          src: 'createConfiguration',
          input: ({ context }: { context: SsoSetupContext }) => createInput(context.vendor ?? 'saml', context.draft),
          onDone: {
            target: '#adminSsoSetup.review',
            actions: [
              assign({
                configuration: ({ event }: { event: { output: SsoConfiguration } }) => event.output,
                authorization: ({ event }: { event: { output: SsoConfiguration } }) => ({
                  roleIds: event.output.roleIds ?? [],
                  groups: (event.output.groups ?? []).map((g) => ({ id: g.id, group: g.group, roleIds: g.roleIds })),
                }),
              }),
              { type: 'emitCreated', params: ({ event }: { event: { output: SsoConfiguration } }) => ({ configuration: event.output }) },
            ],
          },
          onError: { type: 'storeError', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
        },
        // the draft is kept as typed, the secret included, until the step succeeds (then it is dropped below)
        assign({ draft: ({ event }: { event: { draft: SetupDraft } }) => event.draft, error: null }),
        'validDraft',
      ),
    },
    review: {
      // the secret was sent; it is never kept past its step (write-only)
      entry: assign({ draft: ({ context }) => ({ ...context.draft, clientSecret: '' }) }),
      on: { 'review.next': 'domains' },
    },
    domains: {
      on: { 'domains.next': 'authorization' },
    },
    authorization: {
      on: { 'authorization.skip': 'enable' },
      ...formStep(
        ssoSetup,
        'authorization.submit',
        {
          src: 'saveAuthorization',
          input: ({ context }: { context: SsoSetupContext }) => ({ configId: context.configuration?.id ?? '', ...context.authorization }),
          onDone: { target: '#adminSsoSetup.enable', actions: 'emitSaved' },
          onError: { type: 'storeError', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
        },
        assign({ authorization: ({ event }: { event: { draft: AuthorizationDraft } }) => event.draft, error: null }),
        'validAuthorization',
      ),
    },
    enable: {
      on: { 'enable.skip': 'done' },
      ...formStep(
        ssoSetup,
        'enable.submit',
        {
          src: 'enableConfiguration',
          input: ({ context }: { context: SsoSetupContext }) => ({ id: context.configuration?.id ?? '' }),
          onDone: {
            target: '#adminSsoSetup.done',
            actions: [assign({ configuration: ({ event }: { event: { output: SsoConfiguration } }) => event.output }), 'emitEnabled'],
          },
          onError: { type: 'storeError', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
        },
        assign({ error: null }),
      ),
    },
    done: {
      on: { 'setup.close': 'closed' },
    },
    closed: { type: 'final' },
  },
});

export type AdminSsoSetupSnapshot = SnapshotFrom<typeof adminSsoSetupMachine>;
