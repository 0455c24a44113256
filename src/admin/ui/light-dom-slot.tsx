/**
 * Content that must live in the light DOM, shown where it belongs in a shadow tree (issue 32 item 2: Stripe Elements
 * refuse a shadow root). {@link LightDomSlot} renders a `<slot name="fe-light-…">` in place; its light-DOM node, a
 * `<div slot="fe-light-…" data-fe-light-slot>` child of the element that hosts the shadow tree (`<fe-admin-portal>`,
 * `<fe-admin-subscription>` …), is created and connected first, and only then are the children rendered into it
 * (a React portal: contexts carry over), so whatever mounts there finds a connected node outside every shadow root
 * (as long as the element itself is in the document, not in another shadow tree). The node is removed on unmount.
 *
 * Styles: the node's own box is styled from the shadow tree (`::slotted`, admin.css.ts `lightSlot*`: an input's look
 * with `variant="field"`); what is inside it is styled by the host page, whose rules for the light DOM also win over
 * `::slotted` ones. A host may add, for example:
 *
 * ```css
 * fe-admin-portal > [data-fe-light-slot] { border-color: #888; }
 * ```
 */
import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** How the light-DOM node looks: `field` like the kit's inputs (border, radius, focus ring), `plain` with no box of its own. */
export type LightSlotVariant = 'field' | 'plain';

/**
 * Renders `children` into a light-DOM child of the element whose shadow tree this renders in, projected here through a
 * named slot. The host is the shadow root's (`slot.getRootNode().host`): the only element whose children a slot of
 * that tree can show. Outside a shadow root (no host), nothing renders.
 *
 * @param props.children what must live in the light DOM (e.g. Stripe's `<CardElement>`).
 * @param props.variant the node's look ({@link LightSlotVariant}; default `plain`).
 * @param props.state flags set on the node as `data-<name>` attributes (e.g. `{ focused, invalid, disabled }`), so
 *   the shadow tree's `::slotted` rules can show them.
 * @param props.onNode told the node once it is connected, and null once it is removed.
 */
export function LightDomSlot({
  children,
  variant = 'plain',
  state = {},
  onNode,
}: {
  children: ReactNode;
  variant?: LightSlotVariant;
  state?: Record<string, boolean | undefined>;
  onNode?: (node: HTMLElement | null) => void;
}) {
  const name = `fe-light-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const slot = useRef<HTMLSlotElement>(null);
  const [node, setNode] = useState<HTMLElement | null>(null);
  const told = useRef(onNode);
  useLayoutEffect(() => {
    told.current = onNode;
  });
  useLayoutEffect(() => {
    const root = slot.current?.getRootNode();
    if (!(root instanceof ShadowRoot)) return;
    const div = document.createElement('div');
    div.slot = name;
    div.dataset.feLightSlot = variant;
    // inside a modal dialog (react-aria): the node is outside the dialog's DOM subtree, so it would be hidden from
    // assistive technology and focus would be pulled back from it; react-aria keeps its "top layer" reachable
    div.setAttribute('data-react-aria-top-layer', '');
    root.host.append(div);
    setNode(div);
    told.current?.(div);
    return () => {
      div.remove();
      setNode(null);
      told.current?.(null);
    };
  }, [name, variant]);
  const flags = Object.entries(state)
    .map(([k, v]) => `${k}=${v ? 1 : 0}`)
    .join(',');
  useLayoutEffect(() => {
    if (!node) return;
    for (const [k, v] of Object.entries(state)) node.toggleAttribute(`data-${k}`, !!v);
    // `flags` stands for `state`'s content (a new object each render)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [node, flags]);
  return (
    <>
      <slot ref={slot} name={name} />
      {node ? createPortal(children, node) : null}
    </>
  );
}
