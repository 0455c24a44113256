/**
 * Every state of the SSO flows as data (machines/admin-sso-setup.machine.ts, admin-sso-domain.machine.ts,
 * admin-saml.machine.ts): the Admin/SSO stories share them. The connection is the preview's Okta one
 * (src/admin/sso/preview.ts); the OIDC secret never appears in a context after its step.
 */
import { EMPTY_SETUP_DRAFT, type SetupDraft } from '../machines/admin-sso-setup.machine.ts';
import { PREVIEW_SAML, PREVIEW_SSO } from '../src/admin/sso/preview.ts';
import type { DialogStateSpec } from './support/admin-story.tsx';

const okta = PREVIEW_SSO[0];
const draft: SetupDraft = { ...EMPTY_SETUP_DRAFT, metadataUrl: 'https://acme.okta.example/app/exk1/sso/saml/metadata' };
const authorization = { roleIds: ['role-viewer'], groups: [{ id: 'preview-group-eng', group: 'engineering', roleIds: ['role-editor'] }] };
const made = { vendor: 'okta', draft, configuration: okta, authorization };

export const adminSsoSetupStates = {
  vendor: { value: 'vendor' },
  configure: { value: { configure: 'idle' }, context: { vendor: 'okta' } },
  configureOidc: { value: { configure: 'idle' }, context: { vendor: 'oidc' } },
  configuring: { value: { configure: 'submitting' }, context: { vendor: 'okta', draft } },
  configureFailed: { value: { configure: 'idle' }, context: { vendor: 'okta', draft, error: { message: 'The metadata URL could not be reached: ECONNREFUSED', statusCode: 400 } } },
  review: { value: 'review', context: made },
  domains: { value: 'domains', context: made },
  authorization: { value: { authorization: 'idle' }, context: made },
  authorizing: { value: { authorization: 'submitting' }, context: made },
  authorizationFailed: { value: { authorization: 'idle' }, context: { ...made, error: { message: 'Role not found', statusCode: 404 } } },
  done: { value: 'done', context: made },
  // closed: the dialog has closed
  closed: { value: 'closed', context: made },
} satisfies Record<string, DialogStateSpec>;

const pending = okta.domains[1];
export const adminSsoDomainStates = {
  entering: { value: { entering: 'idle' }, context: { domain: null, text: '' } },
  adding: { value: { entering: 'submitting' }, context: { domain: null, text: 'acme.example' } },
  addFailed: { value: { entering: 'idle' }, context: { domain: null, text: 'acme.example', error: { message: 'The domain is already claimed', statusCode: 409 } } },
  publishing: { value: 'publishing', context: { domain: pending } },
  validating: { value: 'validating', context: { domain: pending } },
  notFound: { value: 'notFound', context: { domain: pending, reason: 'TXT record not found yet' } },
  validated: { value: 'validated', context: { domain: { ...pending, validated: true } } },
} satisfies Record<string, DialogStateSpec>;

export const adminSamlStates = {
  loading: { value: 'loading' },
  failed: { value: 'failed', context: { error: { message: 'Service temporarily unavailable', statusCode: 503 } } },
  ready: { value: 'ready', context: { saml: PREVIEW_SAML } },
  pending: { value: 'ready', context: { saml: { ...PREVIEW_SAML, validated: false } } },
  toggling: { value: 'toggling', context: { saml: PREVIEW_SAML } },
  saving: { value: 'saving', context: { saml: PREVIEW_SAML } },
  validating: { value: 'validating', context: { saml: { ...PREVIEW_SAML, validated: false } } },
  illegalState: { value: 'illegalState', context: { saml: PREVIEW_SAML, error: { key: 'admin.sso.saml.illegalState' } } },
} satisfies Record<string, DialogStateSpec>;
