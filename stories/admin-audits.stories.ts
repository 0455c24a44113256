/**
 * `<fe-admin-audits>`: the audit log in each designed state and with a row's JSON open (admin spec §2 "Audit log
 * columns", §4), preview mode (a dozen canned events: sign-ins, a failed sign-in, a lockout, changes), no network.
 */
import { adminStoriesMeta, type AdminStory } from './support/admin-story.tsx';
import '../elements/admin/fe-admin-audits.ts';

// an object literal with a literal title: Storybook's static indexer reads the default export
export default { title: 'Admin/Audits', component: 'fe-admin-audits', ...adminStoriesMeta('Admin/Audits', 'audits') };

export const Filled: AdminStory = { args: { scenario: 'filled' } };
export const Empty: AdminStory = { args: { scenario: 'empty' } };
export const Loading: AdminStory = { args: { scenario: 'loading' } };
export const Failed: AdminStory = { args: { scenario: 'error' } };
/** The rows are being replaced (a query changed, its answer awaited): they stay, dimmed; the table is busy, a bar runs above it. */
export const Stale: AdminStory = { args: { scenario: 'stale' } };
export const JsonDialog: AdminStory = { args: { scenario: 'filled', dialog: 'json:audit-3' } };
