import { ContextEvent } from '@lit/context';
import { appContext } from '../../src/app/context.ts';
import type { FeApp } from '../../src/app/app.ts';

/**
 * Subscribes a plain (non-React, non-Lit) element to the app of the nearest
 * `<fe-app>`, re-asking when a provider appears late. Returns an unsubscribe.
 */
export function consumeApp(host: HTMLElement, onApp: (app: FeApp | undefined) => void): () => void {
  let dispose: (() => void) | undefined;
  const ask = () => {
    dispose?.();
    host.dispatchEvent(
      new ContextEvent(
        appContext,
        host,
        (value, unsubscribe) => {
          dispose = unsubscribe;
          onApp(value);
        },
        true,
      ),
    );
  };
  ask();
  const onProvider = (e: Event) => {
    if ((e as Event & { context?: unknown }).context === appContext) ask();
  };
  document.addEventListener('context-provider', onProvider);
  return () => {
    document.removeEventListener('context-provider', onProvider);
    dispose?.();
  };
}
