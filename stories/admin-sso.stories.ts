/**
 * `<fe-admin-sso>`: the SSO section in each designed state (admin spec §2 "sso", §3, §4, §7; issue 23), preview mode
 * (canned connections, src/admin/sso/preview.ts), no network: the list, a connection's page, and every state of the
 * setup flow, of a domain's DNS proof and of the legacy SAML configuration (stories/admin-sso-setup-states.ts).
 */
import { adminSamlStates } from './admin-saml-states.ts';
import { adminSsoDomainStates } from './admin-sso-domain-states.ts';
import { adminSsoSetupStates } from './admin-sso-setup-states.ts';
import { adminStoriesMeta, dialogStateStory, READ_ONLY, type AdminStory } from './support/admin-story.tsx';
import './support/admin-dialogs.ts';
import '../elements/admin/fe-admin-sso.ts';

// an object literal with a literal title: Storybook's static indexer reads the default export
export default { title: 'Admin/SSO', component: 'fe-admin-sso', ...adminStoriesMeta('Admin/SSO', 'sso') };

export const Filled: AdminStory = { args: { scenario: 'filled' } };
export const Empty: AdminStory = { args: { scenario: 'empty' } };
export const Loading: AdminStory = { args: { scenario: 'loading' } };
export const Failed: AdminStory = { args: { scenario: 'error' } };
/** An admin with the read key only: no switch, no add, no delete. */
export const ReadOnly: AdminStory = { args: { scenario: READ_ONLY } };
/** A connection's page (`#/admin/sso/<id>`). */
export const Connection: AdminStory = { args: { scenario: 'filled', dialog: 'preview-sso-okta' } };
export const ConnectionOidc: AdminStory = { args: { scenario: 'filled', dialog: 'preview-sso-oidc' } };
export const ConnectionReadOnly: AdminStory = { args: { scenario: READ_ONLY, dialog: 'preview-sso-okta' } };

const setup = dialogStateStory('fe-admin-sso-setup', adminSsoSetupStates, 'add');
export const SetupVendor: AdminStory = setup('vendor');
/** What to paste into the IdP first (SAML: ACS URL and entity ID; OIDC: redirect URI), each with copy (issue 31 item 5). */
export const SetupProvider: AdminStory = setup('provider');
export const SetupProviderOidc: AdminStory = setup('providerOidc');
export const SetupConfigure: AdminStory = setup('configure');
export const SetupConfigureOidc: AdminStory = setup('configureOidc');
export const SetupConfiguring: AdminStory = setup('configuring');
/** The server refused the metadata: its message, the form as typed. */
export const SetupConfigureFailed: AdminStory = setup('configureFailed');
/** The certificate read and our ACS URL / entity ID to copy. */
export const SetupReview: AdminStory = setup('review');
export const SetupDomains: AdminStory = setup('domains');
export const SetupAuthorization: AdminStory = setup('authorization');
export const SetupAuthorizing: AdminStory = setup('authorizing');
export const SetupAuthorizationFailed: AdminStory = setup('authorizationFailed');
/** The last step: test sign-in, then enable (the emphasised button) or leave disabled. */
export const SetupEnable: AdminStory = setup('enable');
export const SetupEnabling: AdminStory = setup('enabling');
export const SetupEnableFailed: AdminStory = setup('enableFailed');
export const SetupDone: AdminStory = setup('done');
/** Done without enabling: the connection stays disabled. */
export const SetupDoneDisabled: AdminStory = setup('doneDisabled');
/** Done: the dialog has closed. */
export const SetupClosed: AdminStory = setup('closed');

const domain = dialogStateStory('fe-admin-sso-domain', adminSsoDomainStates, 'preview-sso-okta');
export const DomainEntering: AdminStory = domain('entering');
export const DomainAdding: AdminStory = domain('adding');
export const DomainAddFailed: AdminStory = domain('addFailed');
/** The TXT record to publish, with copy buttons. */
export const DomainPublishing: AdminStory = domain('publishing');
export const DomainValidating: AdminStory = domain('validating');
/** Not found yet: a note, not an error, with a retry. */
export const DomainNotFound: AdminStory = domain('notFound');
export const DomainValidated: AdminStory = domain('validated');

const saml = dialogStateStory('fe-admin-saml', adminSamlStates, '');
export const LegacySamlLoading: AdminStory = saml('loading');
export const LegacySamlFailed: AdminStory = saml('failed');
export const LegacySaml: AdminStory = saml('ready');
export const LegacySamlPending: AdminStory = saml('pending');
/** The enabled switch shows loading (AB-4.15). */
export const LegacySamlToggling: AdminStory = saml('toggling');
/** Other saves show saving (AB-4.16). */
export const LegacySamlSaving: AdminStory = saml('saving');
export const LegacySamlValidating: AdminStory = saml('validating');
/** Validation without a configuration: IllegalState (AB-8.09). */
export const LegacySamlIllegalState: AdminStory = saml('illegalState');
