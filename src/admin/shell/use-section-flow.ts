/**
 * The one binding of a dialog's flow (house-style §9): `useSectionFlow(id, input)` runs flow `id` of the registry
 * (./flows.ts) with the actors built on the section's resources and app, `input` its per-call values (read on the
 * first render). Created once per mount, started after mount, stopped on unmount (the kit's `useFlowActor`, so a
 * story can start it in a state of its own through `FlowActorContext`).
 */
import { useState } from 'react';
import type { Actor } from 'xstate';
import { useFlowActor } from '../ui/use-flow.ts';
import { useSection } from './context.ts';
import { FLOWS, type FlowId, type FlowInput, type FlowMachine } from './flows.ts';

/** The running actor of flow `id`, on this section's resources, with `input`. */
export function useSectionFlow<K extends FlowId>(id: K, ...[input]: undefined extends FlowInput<K> ? [input?: FlowInput<K>] : [input: FlowInput<K>]): Actor<FlowMachine<K>> {
  const { resources, app } = useSection();
  const [logic] = useState(() => {
    const entry = FLOWS[id];
    return entry.machine.provide({ actors: entry.actors(resources, app) } as never) as FlowMachine<K>;
  });
  return useFlowActor(logic, { input } as never) as Actor<FlowMachine<K>>;
}
