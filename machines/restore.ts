/**
 * Restoring a flow machine in a given state, for stories and tests (the
 * `initial-state` attribute). Loaded on demand: it brings the MFA machine,
 * which nothing before a login box's first input needs.
 *
 * `resolveState` starts no child, so a state that runs the MFA machine
 * (two-factor, step-up) also gets the child's persisted snapshot here, under
 * id `mfa` with src `'mfa'`: the logic that restores it must provide the
 * `mfa` actor (the element does, see src/views/login/LoginBox.tsx).
 */
import type { AnyStateMachine } from 'xstate';
import { mfaMachine, type MfaContext } from './mfa.machine.ts';
import type { LoginStateSpec, loginMachine } from './login.machine.ts';

/** The MFA child's state: its value and (partial) context. */
export interface MfaChildSpec {
  value: unknown;
  context: Partial<MfaContext>;
}

/** The machine's own default context (its `context` function called with no input), so added fields get their defaults. */
function defaultContext(logic: AnyStateMachine): Record<string, unknown> {
  const c = logic.config.context as unknown;
  return typeof c === 'function' ? (c as (a: { input: object }) => Record<string, unknown>)({ input: {} }) : ((c as Record<string, unknown>) ?? {});
}

/**
 * A persisted snapshot of `logic` at `value` with `context` (over the
 * machine's defaults), and — when `mfa` is given — the child `mfa` restored
 * at its own state; for `createActor(logic, { snapshot })` /
 * `useMachine(logic, { snapshot })`.
 */
export function snapshotWithMfaChild<T extends AnyStateMachine>(logic: T, value: unknown, context: object, mfa?: MfaChildSpec, defaults: Partial<MfaContext> = {}) {
  const full = { ...defaultContext(logic), ...context };
  const persisted = logic.getPersistedSnapshot(logic.resolveState({ value: value as never, context: full as never })) as Record<string, unknown>;
  if (mfa) {
    const mfaContext = { mfaToken: 'mfa-token', firstStep: 'verify', devices: {}, strategies: [], rememberDevice: null, error: null, ...defaults, ...mfa.context };
    const child = mfaMachine.resolveState({ value: mfa.value as never, context: mfaContext as never });
    persisted.children = { mfa: { src: 'mfa', snapshot: mfaMachine.getPersistedSnapshot(child), systemId: undefined } };
  }
  return persisted as unknown as ReturnType<T['resolveState']>;
}

/** Login steps that run the MFA machine: restored in their `running` sub-state (the machine is loaded). */
const TWO_FACTOR = new Set(['loginWithTwoFactor', 'forceTwoFactor']);

/**
 * A persisted snapshot of the login machine `logic` (possibly provided) in the
 * state `spec` describes, the MFA child included; `logic` must provide the
 * `mfa` actor when `spec.mfa` is set.
 */
export function loginSnapshotFrom(logic: typeof loginMachine, spec: LoginStateSpec) {
  const value = typeof spec.value === 'string' && TWO_FACTOR.has(spec.value) ? { [spec.value]: 'running' } : spec.value;
  const mfaInput = spec.context.mfa;
  return snapshotWithMfaChild(logic, value, spec.context, spec.mfa, {
    mfaToken: mfaInput?.mfaToken,
    firstStep: mfaInput?.step,
    devices: mfaInput?.devices ?? {},
    strategies: mfaInput?.strategies ?? [],
    email: mfaInput?.email,
  });
}
