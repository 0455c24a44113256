/**
 * `<fe-tenant-switcher>`'s view (admin §4 "Tenant switch"; SI-7.30): a
 * labelled native select of the signed-in user's tenants (keyboard and
 * screen-reader friendly), a polite status and an alert. Renders the
 * machine's snapshot and sends `tenant.select`; nothing while signed out or
 * with a single tenant.
 */
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { tenantSwitcherMachine } from '../../../machines/tenant-switcher.machine.ts';
import { errorText } from '../../i18n/index.ts';
import { useFlow } from '../shared/flow.tsx';
import { useT } from '../../i18n/use-t.ts';

/** The step a snapshot shows (`data-step`). */
export type TenantSwitcherStep = 'idle' | 'switching' | 'switched' | 'error';

export function TenantSwitcherView() {
  const { actor, app } = useFlow<ActorRefFrom<typeof tenantSwitcherMachine>>();
  const t = useT(app);
  const snapshot = useSelector(actor, (s) => s);
  const id = useId();
  const { tenants, activeTenantId, signedIn, switchingTo, switched, error } = snapshot.context;
  if (!signedIn || tenants.length < 2) return null;
  const nameOf = (tenantId: string) => tenants.find((x) => x.tenantId === tenantId)?.name || tenantId;
  const busy = snapshot.hasTag('busy');
  const step: TenantSwitcherStep = busy ? 'switching' : error ? 'error' : switched ? 'switched' : 'idle';
  return (
    <div className="switcher" part="base" data-step={step}>
      <label htmlFor={id} part="label">
        {t('tenants.label')}
      </label>
      <select
        id={id}
        part="select"
        value={switchingTo ?? activeTenantId ?? ''}
        onChange={(e) => actor.send({ type: 'tenant.select', tenantId: e.currentTarget.value })}
        aria-busy={busy ? true : undefined}
        aria-describedby={`${id}-status ${id}-error`}
      >
        {tenants.map((tenant) => (
          <option key={tenant.tenantId} value={tenant.tenantId}>
            {tenant.name || tenant.tenantId}
          </option>
        ))}
      </select>
      <span id={`${id}-status`} className="status" role="status" part="status">
        {busy && switchingTo ? t('tenants.switching', { name: nameOf(switchingTo) }) : switched ? t('tenants.switched', { name: nameOf(switched) }) : ''}
      </span>
      <span id={`${id}-error`} className="error" role="alert" part="error">
        {errorText(t, error)}
      </span>
    </div>
  );
}

/** Shadow-DOM CSS of the switcher (public `--fe-*` tokens with their defaults). */
export const TENANT_SWITCHER_CSS = `
:host { display: inline-block; font-family: var(--fe-font-family, system-ui, sans-serif); font-size: var(--fe-font-size-base, 1rem); color: var(--fe-color-text, #111827); }
:host([hidden]) { display: none; }
.switcher { display: flex; flex-wrap: wrap; align-items: center; gap: var(--fe-spacing-unit, 8px); }
label { font-weight: 600; }
select {
  min-height: max(24px, var(--fe-input-height, 44px)); min-width: 12em; padding: 0 calc(var(--fe-spacing-unit, 8px) * 1.5);
  font: inherit; color: inherit; background: var(--fe-color-surface, #ffffff);
  border: 1px solid var(--fe-color-border, #d1d5db); border-radius: var(--fe-radius, 8px);
}
select:focus-visible { outline: 2px solid var(--fe-color-focus-ring, #4f46e5); outline-offset: 2px; }
select[aria-busy='true'] { cursor: progress; opacity: 0.8; }
.status { color: var(--fe-color-text-muted, #6b7280); font-size: 0.875em; }
.error { color: var(--fe-color-danger, #b91c1c); font-size: 0.875em; }
`;
