/** Every state of the legacy SAML configuration (machines/admin-saml.machine.ts) as data: the preview's one (src/admin/sso/preview.ts). */
import { PREVIEW_SAML } from '../src/admin/sso/preview.ts';
import type { DialogStateSpec } from './support/admin-story.tsx';

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
