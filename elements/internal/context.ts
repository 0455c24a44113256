import { ContextEvent, type Context } from '@lit/context';
import { appContext } from '../../src/app/context.ts';
import type { FeApp } from '../../src/app/app.ts';

/**
 * Subscribes `host` (any element: React-backed, plain or Lit) to a
 * @lit/context value: dispatches a subscribing `context-request`, and asks
 * again when a provider appears later (`context-provider`). Lit's
 * ContextConsumer needs a ReactiveControllerHost, which our elements are not
 * (toolchain pitfall 4). Returns an unsubscribe.
 */
export function subscribeContext<T>(host: Element, context: Context<unknown, T>, onValue: (value: T) => void): () => void {
  let dispose: (() => void) | undefined;
  const ask = () => {
    dispose?.();
    host.dispatchEvent(
      new ContextEvent(
        context,
        host,
        (value, unsubscribe) => {
          dispose = unsubscribe;
          onValue(value);
        },
        true,
      ),
    );
  };
  ask();
  const onProvider = (e: Event) => {
    if ((e as Event & { context?: unknown }).context === context) ask();
  };
  document.addEventListener('context-provider', onProvider);
  return () => {
    document.removeEventListener('context-provider', onProvider);
    dispose?.();
  };
}

/** Subscribes a plain element to the app of the nearest `<fe-app>`. Returns an unsubscribe. */
export function consumeApp(host: HTMLElement, onApp: (app: FeApp | undefined) => void): () => void {
  return subscribeContext(host, appContext, onApp);
}
