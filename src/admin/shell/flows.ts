/**
 * The portal's flows (house-style §9: several steps, or a secret shown once): a flow is its machine
 * (machines/admin-<flow>.machine.ts) and its actors, built from the app's admin resources (machines/admin-*.actors.ts).
 * Each section declares its flows in its own `flows.ts` (`flow(machine, actors)`), the only module of the section
 * that imports actors (a dependency rule says so: it is not a view), so a section's chunk holds its own machines only;
 * a dialog starts a flow through `useSectionFlow(entry, input)` (./use-section-flow.ts), the per-call values as the
 * machine's input. A one-request save is a mutation through the kit's `useSave`.
 */
import type { AnyStateMachine, InputFrom } from 'xstate';
import type { FeApp } from '../../app/types.ts';
import type { AdminResources } from '../resources/index.ts';
/** The actors `machine.provide` takes. */
type ActorsOf<M extends AnyStateMachine> = NonNullable<Parameters<M['provide']>[0]['actors']>;

/** One flow: its machine and its actors on the app's resources (`app` for actors that need more than resources). */
export interface FlowEntry<M extends AnyStateMachine = AnyStateMachine> {
  machine: M;
  actors: (resources: AdminResources, app: FeApp) => ActorsOf<M>;
}

/** A flow: its machine and its actors (a section's `flows.ts` declares its own, so a section loads only its machines). */
export const flow = <M extends AnyStateMachine>(machine: M, actors: FlowEntry<M>['actors']): FlowEntry<M> => ({ machine, actors });

/** The machine of a flow entry. */
export type FlowMachine<E extends FlowEntry> = E['machine'];
/** The input of a flow entry (its per-call values). */
export type FlowInput<E extends FlowEntry> = InputFrom<E['machine']>;
