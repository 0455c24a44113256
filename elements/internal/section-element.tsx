/**
 * The composition root of the admin portal and of every section element (architecture "Admin portal":
 * app from context → resources → section chunk → view). Takes the app from `<fe-app>`, the signed-in user's
 * permissions from its session store, the app's one resource cache, the navigation options (`options.adminPortal`
 * over metadata `navigation`), and a toast queue; renders react-aria overlays (dialogs, menus, toasts) inside the
 * element's shadow root, where its styles are.
 */
import { useStore } from '@nanostores/react';
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { UNSAFE_PortalProvider } from 'react-aria/PortalProvider';
import { enableShadowDOM } from 'react-stately/private/flags/flags';
import type { SectionValue } from '../../src/admin/shell/context.ts';
import { hashOfPlace, placeOfHash, type HashPlace } from '../../src/admin/shell/routes.ts';
import { canOpen, fromMetadataNavigation, mergeOptions, visibleSections } from '../../src/admin/shell/sections.ts';
import type { AdminPortalOptions, SectionId } from '../../src/admin/shell/ids.ts';
import { PortalView } from '../../src/admin/shell/PortalView.tsx';
import { FeAdminSectionChangeEvent } from '../../src/events/admin.ts';
import { SectionHost } from '../../src/admin/shell/SectionHost.tsx';
import { adminResourcesOf, type AdminResources } from '../../src/admin/resources/index.ts';
import { createToasts, ToastArea } from '../../src/admin/ui/toast.tsx';
import { createUnsavedChanges } from '../../src/admin/ui/unsaved.ts';
import { EmptyState, Loading } from '../../src/admin/ui/states.tsx';
import { appContext } from '../../src/app/context.ts';
import type { FeApp } from '../../src/app/types.ts';
import { useT } from '../../src/i18n/use-t.ts';
import { NoProvider } from '../../src/views/shared/ui.tsx';
import { formatMessage } from '../../src/i18n/icu.ts';
import { setFormatter } from '../../src/i18n/index.ts';
import { reactElement, type ElementStyles, type PropType, type ReactElementClass } from './react-element.ts';
import { hostOf, useLitContext } from './use-lit-context.ts';
// what React Aria needs of the renderer beyond React's API (fe-elements/lite: tools/preact-parity.js)
import '../../tools/react-parity.js';

// the portal's messages use ICU plurals (`{count, plural, one {# user} other {# users}}`)
setFormatter(formatMessage);
// react-aria: focus management and outside-click detection that see through shadow roots
enableShadowDOM();
// react-aria adds a `<style id="react-aria-pressable-style">` to the document (touch-action of pressable elements)
// unless an element with that id is there: a strict CSP (no inline style, as the demo and hosted pages are served)
// refuses it. A marker of that id keeps it out; the rule itself is in the elements' own sheet (admin.css.ts).
if (typeof document !== 'undefined' && !document.getElementById('react-aria-pressable-style')) {
  const marker = document.createElement('meta');
  marker.id = 'react-aria-pressable-style';
  document.head.append(marker);
}

/** The navigation options of an app: the host's `adminPortal` option over the metadata's `navigation`. */
export function adminOptionsOf(app: FeApp, metadataNavigation: Record<string, unknown> | undefined): AdminPortalOptions {
  return mergeOptions(app.options.adminPortal, fromMetadataNavigation(metadataNavigation));
}

/** What an admin element renders once the app and a signed-in user are there. */
export type AdminBody = (parts: { app: FeApp; base: Omit<SectionValue, 'section'>; host: HTMLElement }) => ReactNode;

/**
 * The React root of an admin element: the app from context (outside `<fe-app>`: the "place inside" card), a
 * progress line until the session is known, "sign in" when signed out, then `body`, with a toast region, the question
 * before leaving unsaved edits (src/admin/ui/unsaved.ts) and the overlay container inside the shadow root.
 * `resources` replaces the app's resource cache (stories: canned answers).
 */
export function AdminRoot({ container, body, resources }: { container?: ShadowRoot | HTMLElement; body: AdminBody; resources?: (app: FeApp) => AdminResources }) {
  const host = hostOf(container);
  const app = useLitContext(host, appContext);
  if (!host) return null;
  if (!app) return <NoProvider />;
  return <AdminSession app={app} host={host} body={body} resourcesOf={resources ?? adminResourcesOf} />;
}

function AdminSession({ app, host, body, resourcesOf }: { app: FeApp; host: HTMLElement; body: AdminBody; resourcesOf: (app: FeApp) => AdminResources }) {
  const t = useT(app);
  const session = useStore(app.stores.$session);
  const metadata = useStore(app.stores.$metadata);
  const [toasts] = useState(createToasts);
  const [unsaved] = useState(createUnsavedChanges);
  // the question before leaving unsaved edits (issue 31 item 2): its dialog comes with the first section that marks edits
  const UnsavedDialog = useStore(unsaved.$dialog);
  const overlays = useRef<HTMLDivElement>(null);
  const [resources] = useState(() => resourcesOf(app));
  const permissions = useMemo(() => (session.user?.permissions ?? []).map((p) => p.key), [session.user]);
  const options = useMemo(() => adminOptionsOf(app, metadata.navigation), [app, metadata.navigation]);
  // a new user or tenant must not see the previous one's data: the cache starts over — signed out, without fetching
  // again (no request goes out without a session)
  const who = `${session.user?.sub ?? session.user?.id ?? ''}@${session.user?.tenantId ?? ''}`;
  const signedIn = session.isAuthenticated;
  const seen = useRef(who);
  useLayoutEffect(() => {
    if (seen.current !== who) {
      if (signedIn) resources.query.invalidateAll();
      else resources.query.forgetAll();
    }
    seen.current = who;
  }, [who, signedIn, resources]);
  const content = session.isLoading ? (
    <Loading label={t('admin.loading')} />
  ) : !session.isAuthenticated ? (
    <EmptyState title={t('admin.signedOut')} />
  ) : (
    body({ app, host, base: { app, resources, options, toasts, unsaved, permissions } })
  );
  return (
    <UNSAFE_PortalProvider getContainer={() => overlays.current}>
      {content}
      <ToastArea toasts={toasts} t={t} />
      {/* set once per element by the first form that marks edits (src/admin/ui/unsaved.ts); the rule cannot see through the store */}
      {/* eslint-disable-next-line react-hooks/static-components */}
      {UnsavedDialog ? <UnsavedDialog unsaved={unsaved} app={app} t={t} /> : null}
      <div ref={overlays} />
    </UNSAFE_PortalProvider>
  );
}

/**
 * The element class of one section (`<fe-admin-users>` …): {@link AdminRoot} with the section, shown when the user
 * holds its permission keys (a host that embeds a section asked for it: the navigation default does not apply).
 * `section` may be a function of the element's attribute-backed props (`props`): e.g. `<fe-admin-api-tokens
 * kind="personal">` shows personalApiTokens.
 */
export function sectionElement<P extends object = object>(
  section: SectionId | ((props: P) => SectionId),
  css: ElementStyles,
  props?: Partial<Record<keyof P, PropType>>,
): ReactElementClass<P> {
  function SectionRoot(all: P & { container?: ShadowRoot | HTMLElement }) {
    const id = typeof section === 'function' ? section(all) : section;
    return <AdminRoot container={all.container} body={({ app, base }) => <SectionBody app={app} id={id} base={base} />} />;
  }
  return reactElement<P>(SectionRoot, { css, props });
}

function SectionBody({ app, id, base }: { app: FeApp; id: SectionId; base: Omit<SectionValue, 'section'> }) {
  const t = useT(app);
  return <SectionHost value={{ ...base, section: id }} allowed={canOpen(id, base.options, base.permissions)} t={t} />;
}

/** Attributes of `<fe-admin-portal>`. */
export interface AdminPortalProps {
  /** The section to show (a section id); default the URL hash `#/admin/<section>`, else the first visible one. */
  section?: string;
  /** `hash` (default): the shown section is the URL hash (deep links, back/forward); `none`: the URL is left alone. */
  routing?: string;
}

/**
 * The element class of the whole portal: navigation of the sections the user may open and the current one;
 * fires `fe-admin-section-change` whenever the shown section changes.
 */
export function portalElement(css: ElementStyles): ReactElementClass<AdminPortalProps> {
  function PortalRoot(props: AdminPortalProps & { container?: ShadowRoot | HTMLElement }) {
    return <AdminRoot container={props.container} body={({ app, base, host }) => <PortalBody app={app} base={base} host={host} props={props} />} />;
  }
  return reactElement<AdminPortalProps>(PortalRoot, { css, props: { section: 'string', routing: 'string' } });
}

function PortalBody({ app, base, host, props }: { app: FeApp; base: Omit<SectionValue, 'section'>; host: HTMLElement; props: AdminPortalProps }) {
  const t = useT(app);
  const hashRouting = props.routing !== 'none';
  const sections = useMemo(() => visibleSections(base.options, base.permissions), [base.options, base.permissions]);
  // the place asked for (the attribute, the hash): the section as written — one the user may not open is "not
  // available" — and its sub-path (issue 30 item 2: the shell's, handed to the section it names, never to another)
  const [place, setPlace] = useState<HashPlace | null>(() => firstPlace(props.section, hashRouting));
  // the `section` attribute wins when it changes (state adjusted during render, React's pattern for props → state)
  const [attribute, setAttribute] = useState(props.section);
  if (attribute !== props.section) {
    setAttribute(props.section);
    if (props.section) setPlace({ section: props.section, sub: null });
  }
  const asked = place?.section ?? null;
  // nothing asked: the first visible section; asked and visible: that one; else none ("not available", issue 21 item 9)
  const current = asked === null ? (sections[0] ?? null) : (sections as string[]).includes(asked) ? (asked as SectionId) : null;
  const sub = current && current === asked ? (place?.sub ?? null) : null;
  // the place shown, as a hash
  const shown = current ? hashOfPlace(current, sub) : '';
  const { unsaved } = base;
  // the one hash listener: back/forward and links elsewhere on the page move section and sub-path together; with
  // unsaved edits (issue 31 item 2) it asks first — the URL has moved already: "Stay" puts the shown place back as a
  // new entry
  useLayoutEffect(() => {
    if (!hashRouting) return;
    const onHash = () => {
      const next = placeOfHash(location.hash);
      if (next && location.hash !== shown)
        unsaved.ask(
          () => setPlace(next),
          () => history.pushState(history.state, '', shown),
        );
    };
    addEventListener('hashchange', onHash);
    addEventListener('popstate', onHash);
    return () => {
      removeEventListener('hashchange', onHash);
      removeEventListener('popstate', onHash);
    };
  }, [hashRouting, unsaved, shown]);
  const previous = useRef<SectionId | null>(null);
  useLayoutEffect(() => {
    if (!current || previous.current === current) return;
    host.dispatchEvent(new FeAdminSectionChangeEvent({ section: current, previous: previous.current }));
    previous.current = current;
  }, [current, host]);
  // one history rule: a section or a sub-page opened here is a history entry (Back leaves it); `routing="none"`: state only
  const show = useCallback(
    (section: SectionId, sub: string | null) => {
      const hash = hashOfPlace(section, sub);
      if (hashRouting && location.hash !== hash) history.pushState(history.state, '', hash);
      setPlace({ section, sub });
    },
    [hashRouting],
  );
  // a section opened from the navigation starts at its start; with unsaved edits it asks first (a sub-route asks in SectionHost)
  const open = (id: SectionId) => unsaved.ask(() => show(id, null));
  const go = useCallback((sub: string | null) => current && show(current, sub), [current, show]);
  // another section opened from inside one (a security recommendation fixed in SSO): as the navigation, it asks first
  const openFromSection = useCallback((section: SectionId, to: string | null) => unsaved.ask(() => show(section, to)), [unsaved, show]);
  const router = useMemo(() => ({ sub, go, open: openFromSection }), [sub, go, openFromSection]);
  return <PortalView sections={sections} value={current ? { ...base, section: current, router } : null} t={t} onOpen={open} />;
}

/** The place the portal shows first: the `section` attribute (at its start), else with hash routing the URL's. */
function firstPlace(section: string | undefined, hashRouting: boolean): HashPlace | null {
  if (section) return { section, sub: null };
  return hashRouting ? placeOfHash(location.hash) : null;
}
