/**
 * `<fe-admin-security>`: the security section in each designed state of each tab it owns (the tab opened as its deep
 * link `#/admin/security/<tab>` does: the story's `dialog`), preview mode (src/admin/security/preview.ts: the
 * canned policies, session configurations, security center and its user tables), no network.
 *
 * - Security center: the score (62, "Fair"), the recommendations most severe first with their actions, the
 *   insights, the three user tables (10 a page).
 * - General settings: the MFA policy (required except with SSO, devices remembered 14 days), lockout (on, 5
 *   attempts), password history (off, 3).
 * - Session management: idle timeout on (30 minutes), force re-login off (1 day), concurrent sessions off (10).
 *
 * The security center is the first tab (the section's own states); the others open as their deep link does. Each
 * tab: filled, read-only (the read key only), empty (every list answered empty), loading (reads never answer), error
 * (reads answer 503 with the server's text and a retry), stale (the data on screen while it is read again).
 */
import { adminStoriesMeta, type AdminStory } from './support/admin-story.tsx';
import '../elements/admin/fe-admin-security.ts';

// an object literal with a literal title: Storybook's static indexer reads the default export
export default { title: 'Admin/Security', component: 'fe-admin-security', ...adminStoriesMeta('Admin/Security', 'security') };

export const SecurityCenter: AdminStory = { args: { scenario: 'filled' } };
/** No user in any table: each table's empty state says who is not there. */
export const SecurityCenterEmpty: AdminStory = { args: { scenario: 'empty' } };
export const SecurityCenterLoading: AdminStory = { args: { scenario: 'loading' } };
export const SecurityCenterFailed: AdminStory = { args: { scenario: 'error' } };
/** The score and tables stay while they are read again ("Updating the score…"). */
export const SecurityCenterStale: AdminStory = { args: { scenario: 'stale' } };

export const GeneralSettings: AdminStory = { args: { scenario: 'filled', dialog: 'generalSettings' } };
export const GeneralSettingsLoading: AdminStory = { args: { scenario: 'loading', dialog: 'generalSettings' } };
/** Each block failed on its own, each with its retry. */
export const GeneralSettingsFailed: AdminStory = { args: { scenario: 'error', dialog: 'generalSettings' } };
export const GeneralSettingsStale: AdminStory = { args: { scenario: 'stale', dialog: 'generalSettings' } };

export const SessionManagement: AdminStory = { args: { scenario: 'filled', dialog: 'sessionManagement' } };
export const SessionManagementLoading: AdminStory = { args: { scenario: 'loading', dialog: 'sessionManagement' } };
export const SessionManagementFailed: AdminStory = { args: { scenario: 'error', dialog: 'sessionManagement' } };
export const SessionManagementStale: AdminStory = { args: { scenario: 'stale', dialog: 'sessionManagement' } };

/** An admin with the read key only: the score, recommendations (no actions), insights and tables; no write control. */
export const SecurityCenterReadOnly: AdminStory = { args: { scenario: 'readOnly' } };
/** Every policy shown, none editable, no save button. */
export const GeneralSettingsReadOnly: AdminStory = { args: { scenario: 'readOnly', dialog: 'generalSettings' } };
export const SessionManagementReadOnly: AdminStory = { args: { scenario: 'readOnly', dialog: 'sessionManagement' } };
