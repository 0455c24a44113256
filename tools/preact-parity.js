/**
 * In `fe-elements/lite`, in place of tools/react-parity.js (vite.config.ts `preactAliases`; imported by
 * elements/internal/section-element.tsx, so it loads with the admin elements, not with the sign-in elements' first
 * input; once loaded it applies to every Preact root): what React Aria relies on of React that Preact 11 does
 * otherwise (portals into its collections: tools/preact-dom.js).
 * - Events: React Aria copies an event with `{ ...e }` (`createEventHandler`, behind every `useKeyboard`) and reads
 *   `key`, `target` … from the copy; a React event holds them as own properties, a DOM event as getters of its
 *   prototype, which a spread leaves out (Escape closed no menu and no dialog).
 * - `autoFocus`: React focuses such an element when it is added; Preact only sets the attribute, which browsers apply
 *   on page load alone (a dialog's first field would not have the focus).
 * - Timing: React renders an update made in an event handler when the event reaches its root, and runs its effects
 *   right after, before the next event: a click right after a change reads the changed value, a second checkbox adds
 *   to the first one's selection, and a closing menu's cleanup (it un-hides the page) runs before the dialog it
 *   opened is hidden and loses its focus. Preact renders a microtask later and runs effects after the next paint.
 */
import { options } from 'preact';

// autoFocus: its ref focuses the element once, when the render that added it is applied (as React: before effects,
// and before an overlay's observer hides new content), or a microtask later if it is not in the document yet
const focused = new WeakSet();
const previousVnode = options.vnode;
options.vnode = (vnode) => {
  if (typeof vnode.type === 'string' && vnode.props.autoFocus) {
    const ref = vnode.ref;
    vnode.ref = (node) => {
      if (node && !focused.has(node)) {
        focused.add(node);
        if (node.isConnected) node.focus();
        else queueMicrotask(() => node.focus());
      }
      if (typeof ref === 'function') return ref(node);
      if (ref) ref.current = node;
    };
  }
  previousVnode?.(vnode);
};

/** The getters of an event's prototype chain, by name (cached per prototype). */
const accessors = new WeakMap();
function gettersOf(proto) {
  let getters = accessors.get(proto);
  if (!getters) {
    getters = new Map();
    for (let p = proto; p && p !== Object.prototype; p = Object.getPrototypeOf(p)) {
      for (const [name, d] of Object.entries(Object.getOwnPropertyDescriptors(p))) if (d.get && !getters.has(name)) getters.set(name, d.get);
    }
    accessors.set(proto, getters);
  }
  return getters;
}

/** Pending render pass (Preact's `process`) and effects (its `useEffect` queue), until they run. */
let pending;
let effects;
options.debounceRendering = (process) => {
  pending = process;
  queueMicrotask(flush);
};
// effects of a render that `flush` did not run (a root's first): after the next frame, as Preact does
options.requestAnimationFrame = (run) => {
  effects = run;
  const later = () => effects === run && runEffects();
  // after the next frame, or 35 ms (a hidden tab has no frames), as Preact's own scheduler
  const timeout = setTimeout(later, 35);
  requestAnimationFrame(() => {
    clearTimeout(timeout);
    setTimeout(later);
  });
};
function runEffects() {
  const run = effects;
  effects = undefined;
  run?.();
}
/** Runs the pending render pass now, if there is one, and the effects of what it rendered. */
function flush() {
  const process = pending;
  pending = undefined;
  if (!process) return;
  process();
  runEffects();
}

/** The events React treats as discrete: their updates are rendered when the event reaches the root. */
const DISCRETE = ['click', 'submit', 'input', 'change', 'keydown', 'keyup', 'pointerdown', 'pointerup', 'mousedown', 'mouseup', 'focusin', 'focusout'];
const roots = new WeakSet();

const previousEvent = options.event;
options.event = (e) => {
  const event = previousEvent ? previousEvent(e) : e;
  if (!Object.hasOwn(event, 'type')) {
    for (const [name, get] of gettersOf(Object.getPrototypeOf(event))) {
      if (!Object.hasOwn(event, name)) Object.defineProperty(event, name, { get: () => get.call(event), enumerable: true, configurable: true });
    }
  }
  // the root this handler renders in (a shadow root, the document) renders pending updates when events reach it:
  // from this one on (a listener added ahead of an event on its way runs for it)
  const root = event.currentTarget?.getRootNode?.();
  if (root && !roots.has(root)) {
    roots.add(root);
    for (const type of DISCRETE) root.addEventListener(type, flush);
  }
  return event;
};
