/**
 * The story elements of the admin dialogs' flows (machines/admin-*.machine.ts): `<fe-admin-story>` with its dialog's
 * flow started in a machine state (./admin-story.tsx `defineDialogStory`); their states are
 * stories/admin-<flow>-states.ts.
 */
import { adminAddUserMachine } from '../../machines/admin-add-user.machine.ts';
import { adminCheckoutMachine } from '../../machines/admin-checkout.machine.ts';
import { adminBulkInviteMachine } from '../../machines/admin-bulk-invite.machine.ts';
import { adminBulkUsersMachine } from '../../machines/admin-bulk-users.machine.ts';
import { adminChangeEmailMachine } from '../../machines/admin-change-email.machine.ts';
import { adminCreateTokenMachine } from '../../machines/admin-create-token.machine.ts';
import { adminEditRoleMachine } from '../../machines/admin-edit-role.machine.ts';
import { adminEnrollMfaMachine } from '../../machines/admin-enroll-mfa.machine.ts';
import { adminSamlMachine } from '../../machines/admin-saml.machine.ts';
import { adminSsoDomainMachine } from '../../machines/admin-sso-domain.machine.ts';
import { adminSsoSetupMachine } from '../../machines/admin-sso-setup.machine.ts';
import { adminScimConnectionMachine } from '../../machines/admin-scim-connection.machine.ts';
import { CHECKOUT_STORY_INPUT } from '../admin-checkout-states.ts';
import { defineDialogStory } from './admin-story.tsx';

defineDialogStory('fe-admin-add-user-story', adminAddUserMachine);
defineDialogStory('fe-admin-bulk-invite-story', adminBulkInviteMachine);
defineDialogStory('fe-admin-bulk-users-story', adminBulkUsersMachine, { action: 'delete', users: [] });
defineDialogStory('fe-admin-change-email-story', adminChangeEmailMachine);
defineDialogStory('fe-admin-checkout-story', adminCheckoutMachine, CHECKOUT_STORY_INPUT);
defineDialogStory('fe-admin-create-token-story', adminCreateTokenMachine, { owner: 'tenant', type: 'ClientCredentials' });
defineDialogStory('fe-admin-edit-role-story', adminEditRoleMachine);
defineDialogStory('fe-admin-enroll-mfa-story', adminEnrollMfaMachine, { kind: 'authenticator' });
defineDialogStory('fe-admin-scim-connection-story', adminScimConnectionMachine, {});
defineDialogStory('fe-admin-sso-setup-story', adminSsoSetupMachine);
defineDialogStory('fe-admin-sso-domain-story', adminSsoDomainMachine, { configId: 'preview-sso-okta' });
defineDialogStory('fe-admin-saml-story', adminSamlMachine, undefined);
