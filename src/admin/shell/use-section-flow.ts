/**
 * The one binding of a dialog's flow (house-style §9): `useSectionFlow(entry, input)` runs a flow of the section's
 * `flows.ts` (./flows.ts) with the actors built on the section's resources and app, `input` its per-call values (read on the
 * first render). Created once per mount, started after mount, stopped on unmount (the kit's `useFlowActor`, so a
 * story can start it in a state of its own through `FlowActorContext`).
 */
import { useState } from 'react';
import type { Actor } from 'xstate';
import { useFlowActor } from '../ui/use-flow.ts';
import { useSection } from './context.ts';
import type { FlowEntry, FlowInput, FlowMachine } from './flows.ts';

/** The running actor of flow `entry` (a section's `flows.ts`), on this section's resources, with `input`. */
export function useSectionFlow<E extends FlowEntry>(entry: E, ...[input]: undefined extends FlowInput<E> ? [input?: FlowInput<E>] : [input: FlowInput<E>]): Actor<FlowMachine<E>> {
  const { resources, app } = useSection();
  const [logic] = useState(() => entry.machine.provide({ actors: entry.actors(resources, app) } as never) as FlowMachine<E>);
  return useFlowActor(logic, { input } as never) as Actor<FlowMachine<E>>;
}
