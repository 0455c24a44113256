/**
 * What a flow's view gets from its element (elements/internal/flow-element.ts):
 * the running actor, the app (to read stores and the translate function; as
 * a type — views call no API and touch no storage), and the host element
 * (the light-DOM forms are rendered into it). Views render the actor's
 * snapshot (`useSelector`) and `send` events; nothing else.
 */
import { createContext, useContext } from 'react';
import type { AnyActorRef } from 'xstate';
import type { FeApp } from '../../app/types.ts';

/** The view-side context of one flow element. */
export interface FlowView<A extends AnyActorRef = AnyActorRef> {
  actor: A;
  app: FeApp;
  host: HTMLElement;
}

/** Provided by the flow element around its view. */
export const FlowContext = createContext<FlowView | null>(null);

/**
 * The flow the view belongs to.
 * @throws Error outside a flow element (a view rendered on its own).
 */
export function useFlow<A extends AnyActorRef>(): FlowView<A> {
  const flow = useContext(FlowContext);
  if (!flow) throw new Error('A flow view renders inside its flow element');
  return flow as FlowView<A>;
}
