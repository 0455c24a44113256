/**
 * Every state of the SSO setup flow (machines/admin-sso-setup.machine.ts) as data: the Admin/SSO stories and the
 * browser tests share them. The connection is the preview's Okta one (src/admin/sso/preview.ts); the OIDC secret never
 * appears in a context after its step.
 */
import { EMPTY_SETUP_DRAFT, type SetupDraft } from '../machines/admin-sso-setup.machine.ts';
import { PREVIEW_SSO } from '../src/admin/sso/preview.ts';
import type { DialogStateSpec } from './support/admin-story.tsx';

const okta = PREVIEW_SSO[0];
const draft: SetupDraft = { ...EMPTY_SETUP_DRAFT, metadataUrl: 'https://acme.okta.example/app/exk1/sso/saml/metadata' };
const authorization = { roleIds: ['role-viewer'], groups: [{ id: 'preview-group-eng', group: 'engineering', roleIds: ['role-editor'] }] };
// the connection is made disabled; the last step enables it (issue 31 item 5)
const made = { vendor: 'okta', draft, configuration: { ...okta, enabled: false }, authorization };

export const adminSsoSetupStates = {
  vendor: { value: 'vendor' },
  provider: { value: 'provider', context: { vendor: 'okta' } },
  providerOidc: { value: 'provider', context: { vendor: 'oidc' } },
  configure: { value: { configure: 'idle' }, context: { vendor: 'okta' } },
  configureOidc: { value: { configure: 'idle' }, context: { vendor: 'oidc' } },
  configuring: { value: { configure: 'submitting' }, context: { vendor: 'okta', draft } },
  configureFailed: { value: { configure: 'idle' }, context: { vendor: 'okta', draft, error: { key: 'admin.sso.error.metadata.noHost', statusCode: 400 } } },
  review: { value: 'review', context: made },
  domains: { value: 'domains', context: made },
  authorization: { value: { authorization: 'idle' }, context: made },
  authorizing: { value: { authorization: 'submitting' }, context: made },
  authorizationFailed: { value: { authorization: 'idle' }, context: { ...made, error: { message: 'Role not found', statusCode: 404 } } },
  enable: { value: { enable: 'idle' }, context: made },
  enabling: { value: { enable: 'submitting' }, context: made },
  enableFailed: { value: { enable: 'idle' }, context: { ...made, error: { message: 'SSO configuration not found', statusCode: 404 } } },
  done: { value: 'done', context: { ...made, configuration: okta } },
  doneDisabled: { value: 'done', context: made },
  // closed: the dialog has closed
  closed: { value: 'closed', context: made },
} satisfies Record<string, DialogStateSpec>;
