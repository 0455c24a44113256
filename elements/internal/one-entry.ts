import type { ContextEvent } from '@lit/context';
import { appContext } from '../../src/app/context.ts';
import { ENTRY } from './react-element.ts';

/**
 * One entry per page (`fe-elements` or `fe-elements/lite`): an element defined by the other entry runs the other
 * copy of the code, whose messages, registered in its own copy, never reach this app's i18n (measured: the full
 * entry's portal on a lite `<fe-app>` showed raw message keys). So an `<fe-app>` gives its app only to the elements
 * of its own entry; an element of the other one gets a console error naming both, once, and no app.
 */
export function otherEntry(tag: string, entry: string): string {
  return `<${tag}> is defined by ${entry}: the <fe-app> of ${ENTRY} does not give it its app (load one entry per page)`;
}

const reported = new WeakSet<Element>();

/** On an `<fe-app>`: its app is not given to the elements the other entry defined (before its own provider answers). */
export function refuseOtherEntry(root: HTMLElement): void {
  root.addEventListener(
    'context-request',
    (e) => {
      const { context, contextTarget } = e as ContextEvent<typeof appContext>;
      const entry = (customElements.get(contextTarget.localName) as { fe?: string } | undefined)?.fe;
      if (context !== appContext || !entry || entry === ENTRY) return;
      e.stopImmediatePropagation();
      if (reported.has(contextTarget)) return;
      reported.add(contextTarget);
      console.error(otherEntry(contextTarget.localName, entry));
    },
    true,
  );
}
