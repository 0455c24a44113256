import r2wc from '@r2wc/react-to-web-component';
import type { ComponentType } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type R2WCOptions<P> = { shadow?: 'open' | 'closed'; props?: Partial<Record<keyof P, 'string' | 'number' | 'boolean' | 'json'>> };

/** Class type of a React-backed element; explicit so the .d.ts stays small (toolchain §5). */
export type ReactElementClass<P> = {
  new (): HTMLElement & Partial<Omit<P, 'container'>>;
  prototype: HTMLElement;
};

const sheets = new Map<string, CSSStyleSheet>();

/** One constructable stylesheet per CSS text, shared by all instances. */
export function sheetFor(css: string): CSSStyleSheet {
  let sheet = sheets.get(css);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    sheets.set(css, sheet);
  }
  return sheet;
}

/** Adopts `css` into a document or shadow root once (for light-DOM parts such as slotted credential forms). */
export function adoptInto(root: Document | ShadowRoot, css: string): void {
  if (!css) return;
  const sheet = sheetFor(css);
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}

/**
 * Wraps r2wc: shadow DOM with the element's compiled CSS adopted into its
 * shadow root, and a deferred unmount so that moving the element in the DOM
 * keeps its state (r2wc unmounts on every disconnect; toolchain pitfall 2).
 */
export function reactElement<P extends object>(
  component: ComponentType<P>,
  { css = '', ...options }: R2WCOptions<P> & { css?: string },
): ReactElementClass<P> {
  const Base = r2wc(component as ComponentType<object>, { shadow: 'open', ...options } as never) as unknown as {
    new (): HTMLElement & { connectedCallback(): void; disconnectedCallback(): void };
    prototype: HTMLElement & { connectedCallback(): void; disconnectedCallback(): void };
  };
  class ReactElement extends Base {
    constructor() {
      super();
      if (css && this.shadowRoot) this.shadowRoot.adoptedStyleSheets = [sheetFor(css)];
    }
    override disconnectedCallback() {
      queueMicrotask(() => {
        if (!this.isConnected) Base.prototype.disconnectedCallback.call(this);
      });
    }
  }
  return ReactElement as unknown as ReactElementClass<P>;
}

/** Defines a custom element unless a same-named one exists (two bundle copies on a page). */
export function defineElement(tag: string, ctor: CustomElementConstructor): void {
  if (!customElements.get(tag)) customElements.define(tag, ctor);
}

/** Dispatches a bubbling, composed CustomEvent from `host`. Returns false when a listener called preventDefault. */
export function dispatch<T>(host: Element | null | undefined, type: string, detail: T, init: { cancelable?: boolean } = {}): boolean {
  if (!host) return true;
  return host.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true, cancelable: !!init.cancelable }));
}
