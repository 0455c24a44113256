import { useStore } from '@nanostores/react';
import { useId, useState, type ChangeEvent } from 'react';
import { dispatch } from '../../../elements/internal/react-element.ts';
import { hostOf, useLitContext } from '../../../elements/internal/use-lit-context.ts';
import type { Tenant } from '../../api/types.ts';
import { appContext } from '../../app/context.ts';
import type { FeApp } from '../../app/app.ts';
import { $switchingTenant, switchTenant } from '../../auth/tenants.ts';
import '../../i18n/en-tenants.ts';

/** Props of `<fe-tenant-switcher>`. */
export interface TenantSwitcherProps {
  container?: ShadowRoot | HTMLElement;
  /**
   * For stories and tests: a JSON {@link TenantSwitcherState}; the tenants
   * then come from it instead of the app's stores (and the user counts as
   * signed in).
   */
  initialState?: string;
}

/** A restorable state of the switcher (stories and tests). */
export interface TenantSwitcherState {
  tenants: Pick<Tenant, 'tenantId' | 'name'>[];
  activeTenantId: string | null;
  /** A switch in flight to this tenant. */
  switchingTo?: string | null;
  /** The announced error. */
  error?: string | null;
}

/** `<fe-tenant-switcher>`'s React root. */
export function TenantSwitcher(props: TenantSwitcherProps) {
  const host = hostOf(props.container);
  const app = useLitContext(host, appContext);
  if (!host || !app) return null;
  return <TenantSwitcherBound app={app} host={host} initialState={props.initialState} />;
}

function TenantSwitcherBound({ app, host, initialState }: { app: FeApp; host: HTMLElement; initialState?: string }) {
  const [restored] = useState(() => (initialState ? (JSON.parse(initialState) as TenantSwitcherState) : null));
  const session = useStore(app.stores.$session);
  const stored = useStore(app.stores.$tenants);
  const switching = useStore($switchingTenant);
  const [pending, setPending] = useState<string | null>(restored?.switchingTo ?? null);
  const [error, setError] = useState(restored?.error ?? '');
  const [done, setDone] = useState('');
  const t = useStore(app.i18n.$t);

  const tenants = restored ? restored.tenants : stored.tenants;
  const activeId = restored ? restored.activeTenantId : (stored.activeTenant?.tenantId ?? (session.user?.tenantId as string | undefined) ?? null);
  const signedIn = restored ? true : session.isAuthenticated;
  const nameOf = (id: string) => tenants.find((x) => x.tenantId === id)?.name || id;

  const onChange = async (e: ChangeEvent<HTMLSelectElement>) => {
    const tenantId = e.currentTarget.value;
    if (pending || switching || tenantId === activeId) return;
    // optimistic: the select shows the choice at once and is reverted if the switch fails
    setPending(tenantId);
    setError('');
    setDone('');
    try {
      await switchTenant(tenantId, app, { target: host });
      setDone(t('tenants.switched', { name: nameOf(tenantId) }));
    } catch (err) {
      const message = t('tenants.failed', { name: nameOf(tenantId), message: (err as Error)?.message || t('error.generic') });
      setError(message);
      const { statusCode, traceId } = err as { statusCode?: number; traceId?: string };
      dispatch(host, 'fe-error', { message, statusCode, traceId });
    } finally {
      setPending(null);
    }
  };

  return (
    <TenantSwitcherView
      hidden={!signedIn || tenants.length < 2}
      t={t}
      tenants={tenants}
      selected={pending ?? activeId ?? ''}
      busyName={pending ? nameOf(pending) : null}
      error={error}
      notice={done}
      onChange={onChange}
    />
  );
}

/** Pure view: a labelled native select (keyboard and screen-reader friendly), a polite status and an alert. */
export function TenantSwitcherView(props: {
  hidden: boolean;
  t: (key: 'tenants.label' | 'tenants.switching', params?: Record<string, string>) => string;
  tenants: Pick<Tenant, 'tenantId' | 'name'>[];
  selected: string;
  busyName: string | null;
  error: string;
  notice: string;
  onChange: (e: ChangeEvent<HTMLSelectElement>) => void;
}) {
  const id = useId();
  const { t } = props;
  if (props.hidden) return null;
  const busy = props.busyName !== null;
  return (
    <div className="switcher" part="base" data-step={busy ? 'switching' : props.error ? 'error' : 'idle'}>
      <label htmlFor={id} part="label">
        {t('tenants.label')}
      </label>
      <select id={id} part="select" value={props.selected} onChange={props.onChange} aria-busy={busy ? true : undefined} aria-describedby={`${id}-status ${id}-error`}>
        {props.tenants.map((tenant) => (
          <option key={tenant.tenantId} value={tenant.tenantId}>
            {tenant.name || tenant.tenantId}
          </option>
        ))}
      </select>
      <span id={`${id}-status`} className="status" role="status" part="status">
        {busy ? t('tenants.switching', { name: props.busyName! }) : props.notice}
      </span>
      <span id={`${id}-error`} className="error" role="alert" part="error">
        {props.error}
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
