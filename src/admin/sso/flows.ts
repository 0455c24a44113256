/** The SSO section's flows (src/admin/shell/flows.ts): the only module of the section that binds machines to their actors. */
import { flow } from '../shell/flows.ts';
import { adminSsoSetupMachine } from '../../../machines/admin-sso-setup.machine.ts';
import { adminSsoSetupActors } from '../../../machines/admin-sso-setup.actors.ts';
import { adminSsoDomainMachine } from '../../../machines/admin-sso-domain.machine.ts';
import { adminSsoDomainActors } from '../../../machines/admin-sso-domain.actors.ts';
import { adminSamlMachine } from '../../../machines/admin-saml.machine.ts';
import { adminSamlActors } from '../../../machines/admin-saml.actors.ts';

/** A new SSO connection, from the IdP's choice to its authorization. */
export const ssoSetupFlow = flow(adminSsoSetupMachine, adminSsoSetupActors);
/** One domain of a connection: claimed, published, validated. */
export const ssoDomainFlow = flow(adminSsoDomainMachine, adminSsoDomainActors);
/** The legacy single SAML configuration. */
export const samlFlow = flow(adminSamlMachine, adminSamlActors);
