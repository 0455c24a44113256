/**
 * The actor of a dialog's flow (a small machine of machines/admin-*.machine.ts): created once per mount, started
 * after mount, stopped on unmount. Our own few lines instead of @xstate/react's `useActorRef`: the login box shares
 * @xstate/react with the portal through its first-input chunk, and `useActorRef` there would cost the login box's
 * budget about 1.7 kB it does not use (`useSelector` is all it needs).
 */
import { useEffect, useState } from 'react';
import { createActor, type ActorOptions, type AnyActorLogic, type Actor } from 'xstate';

/** The running actor of `logic` (the first render's `logic` and `options` are the ones used). */
export function useFlowActor<T extends AnyActorLogic>(logic: T, options?: ActorOptions<T>): Actor<T> {
  const [actor] = useState(() => createActor(logic, options));
  useEffect(() => {
    actor.start();
    return () => {
      actor.stop();
    };
  }, [actor]);
  return actor;
}
