/**
 * Every state of a domain's DNS proof (machines/admin-sso-domain.machine.ts) as data: the preview's pending domain of
 * the Okta connection (src/admin/sso/preview.ts).
 */
import { PREVIEW_SSO } from '../src/admin/sso/preview.ts';
import type { DialogStateSpec } from './support/admin-story.tsx';

const pending = PREVIEW_SSO[0].domains[1];
export const adminSsoDomainStates = {
  entering: { value: { entering: 'idle' }, context: { domain: null, text: '' } },
  adding: { value: { entering: 'submitting' }, context: { domain: null, text: 'acme.example' } },
  addFailed: { value: { entering: 'idle' }, context: { domain: null, text: 'acme.example', error: { message: 'The domain is already claimed', statusCode: 409 } } },
  publishing: { value: 'publishing', context: { domain: pending } },
  validating: { value: 'validating', context: { domain: pending } },
  notFound: { value: 'notFound', context: { domain: pending, reason: 'TXT record not found yet' } },
  validated: { value: 'validated', context: { domain: { ...pending, validated: true } } },
} satisfies Record<string, DialogStateSpec>;
