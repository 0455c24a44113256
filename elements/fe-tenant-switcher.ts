import { tenantsOf, tenantSwitcherActors } from '../machines/tenant-switcher.actors.ts';
import { tenantSwitcherMachine } from '../machines/tenant-switcher.machine.ts';
import { enTenantSwitcher } from '../src/i18n/en-tenant-switcher.ts';
import { addMessages } from '../src/i18n/index.ts';
import { TENANT_SWITCHER_CSS, TenantSwitcherView } from '../src/views/tenant-switcher/TenantSwitcherView.tsx';
import { flowElement, type FlowDefinition } from './internal/flow-element.tsx';
import { defineElement } from './internal/react-element.ts';
import './fe-app.ts';

addMessages('en', enTenantSwitcher);

/** Attributes of `<fe-tenant-switcher>` (none). */
export type TenantSwitcherProps = Record<never, never>;

/** The flow's parts (stories and tests render its view on a machine snapshot). */
export const tenantSwitcherFlow: FlowDefinition<typeof tenantSwitcherMachine, TenantSwitcherProps> = {
  machine: tenantSwitcherMachine,
  actors: tenantSwitcherActors,
  input: (_props, app) => tenantsOf(app),
  view: TenantSwitcherView,
  css: TENANT_SWITCHER_CSS,
};

/**
 * Tenant switcher (admin §4 "Tenant switch"; sign-in §7 SI-7.30): a labelled
 * select of the signed-in user's tenants with the active one selected.
 * Choosing another calls `switchTenant()` (PUT v1/tenant, then a token
 * refresh), shows progress, and on failure reverts the selection and
 * announces the error. Renders nothing while signed out or when the user
 * has a single tenant. Must sit inside `<fe-app>`.
 *
 * @tag fe-tenant-switcher
 * @summary Switch the active tenant.
 * @status experimental
 * @since 0.1.0
 *
 * @fires {FeTenantChangeEvent} fe-tenant-change - After the switch (`detail: { tenantId, tenant }`), fired by `switchTenant()` at the document (composed); the token and `$tenants` carry the new tenant.
 * @fires {FeErrorEvent} fe-error - When the switch fails (`detail: { message, statusCode?, traceId? }`); also announced.
 *
 * @csspart base - The wrapper.
 * @csspart label - The label.
 * @csspart select - The select.
 * @csspart status - Progress and success (polite status).
 * @csspart error - The error (an ARIA alert).
 * @cssprop [--fe-color-border=#d1d5db] - Border of the select.
 * @cssprop [--fe-color-focus-ring=#4f46e5] - Keyboard focus outline.
 * @cssprop [--fe-input-height=44px] - Height of the select (at least 24px).
 *
 * @example
 * <fe-app base-url="https://app.example.com">
 *   <fe-tenant-switcher></fe-tenant-switcher>
 * </fe-app>
 * <script type="module">
 *   document.addEventListener('fe-tenant-change', (e) => console.log('now in', e.detail.tenantId));
 * </script>
 */
export class FeTenantSwitcherElement extends flowElement(tenantSwitcherFlow) {}

defineElement('fe-tenant-switcher', FeTenantSwitcherElement);

declare global {
  interface HTMLElementTagNameMap {
    'fe-tenant-switcher': FeTenantSwitcherElement;
  }
}
