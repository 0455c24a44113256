/**
 * The usage section's canned data in preview mode (`<fe-app preview>`): the Pro plan (Advanced reports, Single
 * sign-on) with its 24 demo users on 30 seats (nearly at the limit), 10 API tokens of 10 (the limit reached) and SSO
 * connections without a limit. Other designed states are variants a story picks with {@link setPreviewUsageVariant}
 * before it renders: `withinLimits` (every limit well under), `unlimited` (Enterprise: no limit at all) and `noPlan`.
 */
import type { Usage } from '../../api/billing.ts';
import { PREVIEW_USERS } from '../../preview/directory.ts';
import type { SectionPreviewRoutes } from '../../preview/section-routes.ts';
import { USAGE_PATH } from '../resources/usage.ts';

const seatHolders = PREVIEW_USERS.map((u) => ({ id: u.id, name: u.name ?? u.email }));
const tokenHolders = ['Build server', 'Reporting', 'Billing sync', 'Support desk', 'Data export', 'Staging', 'Mobile app', 'Partner API', 'Backups', 'Monitoring'].map(
  (name, i) => ({ id: `token-${i + 1}`, name }),
);
const ssoHolders = [{ id: 'preview-sso-okta', name: 'acme.okta.example' }];
const proFeatures = [
  { key: 'advanced-reports', name: 'Advanced reports' },
  { key: 'sso', name: 'Single sign-on' },
];

/** The canned usage of each designed state (`filled` is what preview mode answers unless a story picks another). */
export const PREVIEW_USAGE = {
  filled: {
    planId: 'plan-pro',
    planName: 'Pro',
    features: proFeatures,
    limits: [
      { key: 'seats', limit: 30, used: seatHolders.length, holders: seatHolders },
      { key: 'apiTokens', limit: 10, used: tokenHolders.length, holders: tokenHolders },
      { key: 'ssoConnections', limit: null, used: ssoHolders.length, holders: ssoHolders },
    ],
  },
  withinLimits: {
    planId: 'plan-pro',
    planName: 'Pro',
    features: proFeatures,
    limits: [
      { key: 'seats', limit: 200, used: seatHolders.length, holders: seatHolders },
      { key: 'apiTokens', limit: 100, used: 3, holders: tokenHolders.slice(0, 3) },
      { key: 'ssoConnections', limit: 10, used: ssoHolders.length, holders: ssoHolders },
    ],
  },
  unlimited: {
    planId: 'plan-enterprise',
    planName: 'Enterprise',
    features: [...proFeatures, { key: 'audit-export', name: 'Audit export' }, { key: 'priority-support', name: 'Priority support' }],
    limits: [
      { key: 'seats', limit: null, used: seatHolders.length, holders: seatHolders },
      { key: 'apiTokens', limit: null, used: tokenHolders.length, holders: tokenHolders },
      { key: 'ssoConnections', limit: null, used: ssoHolders.length, holders: ssoHolders },
    ],
  },
  noPlan: { planId: '', planName: '', features: [], limits: [] },
} satisfies Record<string, Usage>;

/** A designed state of the canned usage. */
export type PreviewUsageVariant = keyof typeof PREVIEW_USAGE;

let variant: PreviewUsageVariant = 'filled';

/**
 * Makes preview mode answer the usage read with `next` (stories of the section's states, tests); returns the function
 * that puts `filled` back.
 */
export function setPreviewUsageVariant(next: PreviewUsageVariant): () => void {
  variant = next;
  return () => {
    variant = 'filled';
  };
}

/** GET of the usage answers the chosen variant. */
export const previewUsage: SectionPreviewRoutes = (req) => (req.method === 'GET' && req.path === USAGE_PATH ? { status: 200, body: PREVIEW_USAGE[variant] } : null);

/** The section's preview answers, loaded and registered by the shell in preview mode only (src/admin/shell/preview-answers.ts). */
export default previewUsage;
