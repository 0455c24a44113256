import { ContextEvent, type Context } from '@lit/context';
import { useEffect, useState } from 'react';

/**
 * Consumes a @lit/context value from a React view inside an r2wc element.
 * Lit's ContextConsumer needs a ReactiveControllerHost, which r2wc elements
 * are not (toolchain pitfall 4); this dispatches `context-request` itself,
 * subscribed, and re-requests when a provider appears late.
 */
export function useLitContext<T>(host: Element | null, context: Context<unknown, T>): T | undefined {
  const [value, setValue] = useState<T | undefined>(() => request(host, context));
  useEffect(() => {
    if (!host) return;
    let unsubscribe: (() => void) | undefined;
    const ask = () => {
      unsubscribe?.();
      host.dispatchEvent(
        new ContextEvent(
          context,
          host,
          (v, dispose) => {
            setValue(() => v);
            unsubscribe = dispose;
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
      unsubscribe?.();
    };
  }, [host, context]);
  return value;
}

function request<T>(host: Element | null, context: Context<unknown, T>): T | undefined {
  let value: T | undefined;
  host?.dispatchEvent(new ContextEvent(context, host, (v) => (value = v), false));
  return value;
}

/** The host element of a view, from r2wc's `container` prop (shadow root or the element itself). */
export function hostOf(container: unknown): HTMLElement | null {
  if (!container) return null;
  if (container instanceof ShadowRoot) return container.host as HTMLElement;
  return container as HTMLElement;
}
