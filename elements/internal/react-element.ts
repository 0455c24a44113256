import { createElement, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';

/** How an attribute becomes a prop: text as is, a number (`parseFloat`), or a boolean (present and not `false`/`0`, as HTML booleans). */
export type PropType = 'string' | 'number' | 'boolean';
/**
 * What an element adopts into its shadow root, in order: its compiled CSS text, or a list of CSS texts and
 * constructable sheets (a sheet filled later applies at once, e.g. the admin sections' CSS loaded with their chunks).
 */
export type ElementStyles = string | readonly (string | CSSStyleSheet)[];
type ReactElementOptions<P> = { css?: ElementStyles; props?: Partial<Record<keyof P, PropType>> };

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

/** The sheets of `styles`, in order (each CSS text's sheet made once and shared; empty texts left out). */
export function sheetsOf(styles: ElementStyles): CSSStyleSheet[] {
  return (typeof styles === 'string' ? [styles] : styles).filter((s) => s !== '').map((s) => (typeof s === 'string' ? sheetFor(s) : s));
}

/** Adopts `css` into a document or shadow root once (for light-DOM parts such as slotted credential forms). */
export function adoptInto(root: Document | ShadowRoot, css: ElementStyles): void {
  const missing = sheetsOf(css).filter((sheet) => !root.adoptedStyleSheets.includes(sheet));
  if (missing.length) root.adoptedStyleSheets = [...root.adoptedStyleSheets, ...missing];
}

const parse = (type: PropType | undefined, value: string | null): unknown =>
  value === null ? undefined : type === 'number' ? parseFloat(value) : type === 'boolean' ? !/^(false|0)$/i.test(value) : value;

/**
 * A custom element that renders `component` with React into an open shadow
 * root, the element's compiled CSS adopted there. Each prop named in
 * `props` is an attribute (kebab-case: `redirectUrl` ↔ `redirect-url`) and a
 * property; the component also gets `container` (the shadow root). The
 * root mounts on connect and unmounts a microtask after a disconnect that
 * was not followed by a reconnect, so moving the element keeps its state.
 * (Replaces @r2wc/react-to-web-component: its quirks are in toolchain.md.)
 */
export function reactElement<P extends object>(component: ComponentType<P>, { css = '', props = {} }: ReactElementOptions<P>): ReactElementClass<P> {
  const types = props as Record<string, PropType>;
  const attrOf = (prop: string) => prop.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  const propOf = new Map(Object.keys(types).map((prop) => [attrOf(prop), prop]));
  class ReactElement extends HTMLElement {
    static observedAttributes = [...propOf.keys()];
    // private: nothing of the wrapper shows on the element beside its props
    #root: Root | undefined;
    #values: Record<string, unknown> = {};
    static {
      // each prop is also a property (the attribute's value, or whatever was set)
      for (const prop of Object.keys(types)) {
        Object.defineProperty(this.prototype, prop, {
          configurable: true,
          enumerable: true,
          get(this: ReactElement) {
            return this.#values[prop];
          },
          set(this: ReactElement, value: unknown) {
            this.#values[prop] = value;
            this.#render();
          },
        });
      }
    }
    constructor() {
      super();
      const shadow = this.attachShadow({ mode: 'open' });
      const adopted = sheetsOf(css);
      if (adopted.length) shadow.adoptedStyleSheets = adopted;
    }
    connectedCallback() {
      this.#root ??= createRoot(this.shadowRoot!);
      this.#render();
    }
    disconnectedCallback() {
      queueMicrotask(() => {
        if (this.isConnected || !this.#root) return;
        this.#root.unmount();
        this.#root = undefined;
      });
    }
    attributeChangedCallback(name: string, _old: string | null, value: string | null) {
      const prop = propOf.get(name)!;
      this.#values[prop] = parse(types[prop], value);
      this.#render();
    }
    #render() {
      this.#root?.render(createElement(component, { ...this.#values, container: this.shadowRoot } as P));
    }
  }
  return ReactElement as unknown as ReactElementClass<P>;
}

/** The entry this copy of the code was built as (vite.config.ts). */
export const ENTRY = __FE_LITE__ ? 'fe-elements/lite' : 'fe-elements';

/**
 * Defines a custom element unless a same-named one exists: two copies of one entry on a page are harmless, but a
 * tag already defined by the other entry (`fe-elements` and `fe-elements/lite` both loaded) is a console error
 * naming both, as the page then runs two copies of the app's code (a tag defined by anything else names "another
 * script").
 */
export function defineElement(tag: string, ctor: CustomElementConstructor & { fe?: string }): void {
  const defined = customElements.get(tag) as { fe?: string } | undefined;
  if (!defined) customElements.define(tag, Object.assign(ctor, { fe: ENTRY }));
  else if (defined.fe !== ENTRY) console.error(`<${tag}> is defined by ${defined.fe ?? 'another script'}: do not load ${ENTRY} too`);
}
