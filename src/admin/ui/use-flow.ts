/**
 * The actor of a machine in a view: created once per mount, started after mount, stopped on unmount. The kit's
 * generic half of the flow binding: a section's dialog starts its flow by id with `useSectionFlow`
 * (src/admin/shell/use-section-flow.ts), which takes the machine and its actors from the flows registry. Our own few lines instead of @xstate/react's `useActorRef`: the login box shares
 * @xstate/react with the portal through its first-input chunk, and `useActorRef` there would cost the login box's
 * budget about 1.7 kB it does not use (`useSelector` is all it needs).
 */
import { createContext, useContext, useEffect, useState } from 'react';
import { createActor, type ActorOptions, type AnyActorLogic, type Actor } from 'xstate';

/**
 * How a dialog makes its flow's actor: `createActor`, unless a story element starts the flow in a state of its own
 * (a machine snapshot: stories/support/admin-story.tsx).
 */
export const FlowActorContext = createContext<typeof createActor>(createActor);

/** The running actor of `logic` (the first render's `logic` and `options` are the ones used). */
export function useFlowActor<T extends AnyActorLogic>(logic: T, options?: ActorOptions<T>): Actor<T> {
  const make = useContext(FlowActorContext);
  const [actor] = useState(() => make(logic, options));
  useEffect(() => {
    actor.start();
    return () => {
      actor.stop();
    };
  }, [actor]);
  return actor;
}
