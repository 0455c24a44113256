import { ContextEvent, type Context } from '@lit/context';
import { useEffect, useState } from 'react';
import { subscribeContext } from './context.ts';

/**
 * Consumes a @lit/context value from a React view inside a React-backed element (elements/internal/react-element.ts):
 * the value is read synchronously for the first render, then kept current
 * through {@link subscribeContext}.
 */
export function useLitContext<T>(host: Element | null, context: Context<unknown, T>): T | undefined {
  const [value, setValue] = useState<T | undefined>(() => request(host, context));
  useEffect(() => (host ? subscribeContext(host, context, (v) => setValue(() => v)) : undefined), [host, context]);
  return value;
}

function request<T>(host: Element | null, context: Context<unknown, T>): T | undefined {
  let value: T | undefined;
  host?.dispatchEvent(new ContextEvent(context, host, (v) => (value = v), false));
  return value;
}

/** The host element of a view, from the `container` prop (shadow root or the element itself). */
export function hostOf(container: unknown): HTMLElement | null {
  if (!container) return null;
  if (container instanceof ShadowRoot) return container.host as HTMLElement;
  return container as HTMLElement;
}
