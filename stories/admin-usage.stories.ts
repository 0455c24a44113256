/**
 * `<fe-admin-usage>`: the usage section in each designed state, preview mode (src/admin/usage/preview.ts: the Pro
 * plan, its 24 demo users on 30 seats, 10 API tokens of 10, SSO connections without a limit), no network.
 *
 * - Filled: a limit nearly used up (seats, 80 %), a limit reached (API tokens: "Limit reached — upgrade to add more"),
 *   an unlimited one (SSO connections); "Who holds them" lists each limit's holders.
 * - WithinLimits: every limit well under (no warning). Unlimited: the Enterprise plan, no limit at all.
 * - NoPlan: the account has no plan yet. Empty: a plan that grants no feature and sets no limit.
 * - Loading (the read never answers), Failed (503 with the server's text and "Try again").
 */
import { adminStoriesMeta, type AdminStory } from './support/admin-story.tsx';
import { setPreviewUsageVariant, type PreviewUsageVariant } from '../src/admin/usage/preview.ts';
import '../elements/admin/fe-admin-usage.ts';

// an object literal with a literal title: Storybook's static indexer reads the default export
export default { title: 'Admin/Usage', component: 'fe-admin-usage', ...adminStoriesMeta('Admin/Usage', 'usage') };

/** The filled section with the canned usage `variant` (put back to `filled` after the story). */
const withVariant = (variant: PreviewUsageVariant): AdminStory => ({ args: { scenario: 'filled' }, beforeEach: () => setPreviewUsageVariant(variant) });

export const Filled: AdminStory = { args: { scenario: 'filled' } };
export const WithinLimits: AdminStory = withVariant('withinLimits');
export const Unlimited: AdminStory = withVariant('unlimited');
export const NoPlan: AdminStory = withVariant('noPlan');
export const Empty: AdminStory = { args: { scenario: 'empty' } };
export const Loading: AdminStory = { args: { scenario: 'loading' } };
export const Failed: AdminStory = { args: { scenario: 'error' } };
