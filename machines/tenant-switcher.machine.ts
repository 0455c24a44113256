/**
 * Tenant switcher (admin §4 "Tenant switch", AB-4.23; sign-in §7 SI-7.30).
 *
 * States: `switcher` (`idle` / `submitting`, tagged `busy`). Choosing a
 * tenant (`tenant.select`) shows it at once (`switchingTo`, optimistic) and
 * invokes `switchTenant` (machines/tenant-switcher.actors.ts: the app's
 * `switchTenant()`, which fires `fe-tenant-change`); on failure the choice is
 * undone (back to the active tenant) and `error` is emitted. The signed-in
 * user's tenants arrive from the app's stores through `watchTenants`
 * (`tenants.changed`). Emits only `error`.
 */
import { assign, emit, fromCallback, fromPromise, type SnapshotFrom } from 'xstate';
import { setup } from './setup.ts';
import type { Tenant } from '../src/api/types.ts';
import type { FeTenantChangeDetail } from '../src/events/index.ts';
import { toFlowError, type FlowError } from './errors.ts';
import { formStep, type FlowEmitted } from './flow.ts';

/** A tenant as the switcher lists it. */
export type TenantOption = Pick<Tenant, 'tenantId' | 'name'>;

/** What the app's stores say: the user's tenants, the active one, and whether anyone is signed in. */
export interface TenantsSnapshot {
  tenants: TenantOption[];
  activeTenantId: string | null;
  signedIn: boolean;
}

export interface TenantSwitcherContext extends TenantsSnapshot {
  /** The tenant being switched to (shown selected while the switch runs). */
  switchingTo: string | null;
  /** The tenant of the last successful switch (announced). */
  switched: string | null;
  error: FlowError | null;
}

export type TenantSwitcherEvent = { type: 'tenant.select'; tenantId: string } | ({ type: 'tenants.changed' } & TenantsSnapshot);

const tenantSwitcherSetup = setup({
  types: {
    context: {} as TenantSwitcherContext,
    events: {} as TenantSwitcherEvent,
    input: {} as Partial<TenantsSnapshot>,
    emitted: {} as FlowEmitted,
  },
  actors: {
    /** Sends `tenants.changed` whenever the app's tenants or session change. */
    watchTenants: fromCallback<TenantSwitcherEvent>(() => {
      throw new Error('watchTenants not provided');
    }),
    /** Switches the active tenant (the API, then a token refresh); rejects with the message to show. */
    switchTenant: fromPromise<FeTenantChangeDetail, { tenantId: string }>(async () => {
      throw new Error('switchTenant not provided');
    }),
  },
  actions: {
    emitError: emit(({ context }) => ({ type: 'error' as const, error: context.error ?? { key: 'error.generic' } })),
  },
});

export const tenantSwitcherMachine = tenantSwitcherSetup.createMachine({
  id: 'tenantSwitcher',
  context: ({ input }) => ({
    tenants: input.tenants ?? [],
    activeTenantId: input.activeTenantId ?? null,
    signedIn: input.signedIn ?? false,
    switchingTo: null,
    switched: null,
    error: null,
  }),
  invoke: { src: 'watchTenants' },
  on: {
    'tenants.changed': {
      actions: assign(({ event }) => ({ tenants: event.tenants, activeTenantId: event.activeTenantId, signedIn: event.signedIn })),
    },
  },
  initial: 'switcher',
  states: {
    switcher: formStep(
      tenantSwitcherSetup,
      'tenant.select',
      {
        src: 'switchTenant',
        input: ({ context }: { context: TenantSwitcherContext }) => ({ tenantId: context.switchingTo! }),
        onDone: {
          target: 'idle',
          actions: assign(({ event }: { event: { output: FeTenantChangeDetail } }) => ({
            switched: event.output.tenantId,
            activeTenantId: event.output.tenantId,
            switchingTo: null,
          })),
        },
        // undo: the select shows the active tenant again
        onError: [assign({ error: ({ event }: { event: { error: unknown } }) => toFlowError(event.error), switchingTo: null }), 'emitError'],
      },
      assign({ switchingTo: ({ event }: { event: { tenantId: string } }) => event.tenantId, switched: null, error: null }),
    ),
  },
});

export type TenantSwitcherSnapshot = SnapshotFrom<typeof tenantSwitcherMachine>;
