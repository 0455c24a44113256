/**
 * `react-dom` in `fe-elements/lite` (vite.config.ts `preactAliases`): preact/compat, whose `createPortal` can render
 * into React Aria's collection documents (menus, tabs, list boxes: react-aria `private/collections/Document`, made
 * for React DOM's calls). Preact creates every element with `createElementNS` (React DOM: `createElement`), passes
 * over comment nodes (`nodeType` 8, what React Aria calls its nodes) when it places children, and takes a node out
 * with `remove()` (React DOM: `parent.removeChild`); Preact declined a fallback (preactjs/preact#5162), so such a
 * document is given what Preact uses (without it, opening a menu throws). What else React Aria relies on of React is
 * in elements/internal/preact-parity.ts, loaded with the admin elements.
 */
import { createPortal as preactPortal } from 'preact/compat';

export * from 'preact/compat';
export { default } from 'preact/compat';

/** A node of a collection document, as Preact needs it. */
function element(doc, type) {
  const node = doc.createElement(type);
  node.nodeType = 1;
  const proto = Object.getPrototypeOf(node);
  if (typeof proto.remove !== 'function') {
    proto.remove = function remove() {
      this.parentNode?.removeChild(this);
    };
  }
  return node;
}

/** preact/compat's `createPortal`; a container document without `createElementNS` is given one first. */
export function createPortal(children, container, key) {
  const doc = container?.ownerDocument;
  if (doc && typeof doc.createElementNS !== 'function' && typeof doc.createElement === 'function') {
    doc.createElementNS = (_namespace, type) => element(doc, type);
  }
  return preactPortal(children, container, key);
}
