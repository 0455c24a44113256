import { TENANT_SWITCHER_CSS, TenantSwitcher, type TenantSwitcherProps } from '../src/views/tenants/TenantSwitcher.tsx';
import { defineElement, reactElement } from './internal/react-element.ts';
import './fe-app.ts';

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
 * @attr {string} initial-state - For stories and tests: JSON `{ "tenants": [{ "tenantId", "name" }], "activeTenantId", "switchingTo"?, "error"? }` used instead of the stores.
 *
 * @fires {CustomEvent<{ tenantId: string, tenant: Tenant | null }>} fe-tenant-change - After the switch; the token and `$tenants` carry the new tenant.
 * @fires {CustomEvent<{ message: string, statusCode?: number, traceId?: string }>} fe-error - When the switch fails; also announced.
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
export class FeTenantSwitcherElement extends reactElement<TenantSwitcherProps>(TenantSwitcher, {
  css: TENANT_SWITCHER_CSS,
  props: { initialState: 'string' },
}) {}

defineElement('fe-tenant-switcher', FeTenantSwitcherElement);

declare global {
  interface HTMLElementTagNameMap {
    'fe-tenant-switcher': FeTenantSwitcherElement;
  }
  interface GlobalEventHandlersEventMap {
    'fe-tenant-change': CustomEvent<import('../src/auth/tenants.ts').TenantChangeDetail>;
  }
}
