import type { ContextEvent } from '@lit/context';
import { appContext } from '../../src/app/context.ts';

/**
 * `fe-elements/lite` has no admin portal (issue 24). A page that puts `<fe-admin-*>` tags on a lite `<fe-app>` gets
 * a console error naming the entry to load instead, once per element: when nothing defines the tag (lite alone), and
 * when the full entry's portal asks the lite app for itself — refused, as the portal would run a second copy of the
 * code on this app (its messages, registered in its own copy, never reach the lite app's i18n: measured, it shows raw
 * message keys). Used by the lite build only (`__FE_LITE__`): the full build drops this module.
 */
export function portalOnLite(tag: string): string {
  return `<${tag}> is not part of fe-elements/lite: load fe-elements (the full entry) instead of fe-elements/lite on a page with the admin portal`;
}

const reported = new WeakSet<Element>();
function report(el: Element): void {
  if (reported.has(el)) return;
  reported.add(el);
  console.error(portalOnLite(el.localName));
}

/** On a lite `<fe-app>`: its app is not given to the admin elements of the full entry (before its own provider answers). */
export function refuseAdminContext(root: HTMLElement): void {
  root.addEventListener(
    'context-request',
    (e) => {
      const { context, contextTarget } = e as ContextEvent<typeof appContext>;
      if (context !== appContext || !contextTarget.localName.startsWith('fe-admin')) return;
      e.stopImmediatePropagation();
      report(contextTarget);
    },
    true,
  );
}

/** On a lite `<fe-app>`: the admin tags inside it that nothing defines. */
export function reportUndefinedAdmin(root: HTMLElement): void {
  for (const el of root.querySelectorAll(':not(:defined)')) if (el.localName.startsWith('fe-admin')) report(el);
}
