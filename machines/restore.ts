/**
 * Restoring a flow machine in a given state for stories and tests.
 * `resolveState` starts no invoked child, so a state that runs the MFA
 * machine (two-factor, step-up) also needs the child's persisted snapshot.
 */
import type { AnyStateMachine } from 'xstate';
import { mfaMachine, type MfaContext } from './mfa.machine.ts';

/** The MFA child's state: its value and (partial) context. */
export interface MfaChildSpec {
  value: unknown;
  context: Partial<MfaContext>;
}

/**
 * A persisted snapshot of `logic` at `value` with `context`, and — when
 * `mfa` is given — the invoked child `mfa` restored at its own state;
 * for `createActor(logic, { snapshot })` / `useMachine(logic, { snapshot })`.
 */
export function snapshotWithMfaChild<T extends AnyStateMachine>(logic: T, value: unknown, context: object, mfa?: MfaChildSpec, defaults: Partial<MfaContext> = {}) {
  const persisted = logic.getPersistedSnapshot(logic.resolveState({ value: value as never, context: context as never })) as Record<string, unknown>;
  if (mfa) {
    const mfaContext = { mfaToken: 'mfa-token', firstStep: 'verify', error: null, ...defaults, ...mfa.context };
    const child = mfaMachine.resolveState({ value: mfa.value as never, context: mfaContext as never });
    persisted.children = { mfa: { src: 'mfa', snapshot: mfaMachine.getPersistedSnapshot(child), systemId: undefined } };
  }
  return persisted as unknown as ReturnType<T['resolveState']>;
}
