/**
 * The actor of a dialog's flow (a small machine of machines/admin-*.machine.ts): created once per mount, started
 * after mount, stopped on unmount. Our own few lines instead of @xstate/react's `useActorRef`: the login box shares
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
