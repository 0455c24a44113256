/**
 * `setup()` for our machines: xstate's, less the action creators xstate hangs on its result (`assign`, `sendTo`,
 * `raise`, `log`, `cancel`, `stopChild`, `enqueueActions`, `emit`, `spawnChild`, `extend`). Those references keep
 * every action creator of xstate in any bundle that calls its `setup()`, used or not — about 0.7 KiB gzip on the
 * login box's first-input path (issue 24). Our machines import the action creators they use from `xstate` itself,
 * and build machines with this `setup` (eslint: `setup` is not imported from `xstate` in machines/).
 *
 * Same typing as xstate's `setup()` (its generics carried over); the result has `createMachine` and
 * `createStateConfig` only.
 */
import { createMachine } from 'xstate';
import type { setup as xstateSetup } from 'xstate';

/** The part of a `setup()` result our machines use. */
type Built = { createMachine: unknown; createStateConfig: unknown };

/** A function typed as `fn`, its result narrowed to what {@link Built} names (generics of `fn` kept: TS infers them through). */
const narrowed = <A extends unknown[], R extends Built>(fn: (...args: A) => R): ((...args: A) => Pick<R, keyof Built>) => fn;

type SetupConfig = Parameters<typeof createMachine>[1] & { schemas?: unknown };

/** xstate's `setup()`, built the same way (`createMachine(config)` with the declared implementations), less the rest. */
const implementation = (({ schemas, actors, actions, guards, delays }: SetupConfig) => ({
  createStateConfig: (config: unknown) => config,
  createMachine: (config: object) => createMachine({ ...config, schemas }, { actors, actions, guards, delays }),
})) as unknown as typeof xstateSetup;

/**
 * Declares a machine's types, actors, actions, guards and delays, as xstate's `setup()` does; `createMachine(config)`
 * then builds the machine with them (`createStateConfig(config)` types a state node for it).
 */
export const setup = narrowed(implementation);
