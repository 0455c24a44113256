/**
 * The composition root of every flow element (architecture "How data flows"
 * 3): takes the app from `<fe-app>` (context), starts
 * `machine.provide({ actors: actors(app) })`, turns what the machine
 * `emit()`s into typed DOM events (a cancelable `fe-navigate`, then
 * `app.navigate`), and hands `{ actor, app, host }` to the view through
 * {@link FlowContext}. The view renders and sends; it calls no API, touches
 * no storage and dispatches no DOM event.
 */
import { useEffect, useLayoutEffect, useState, type ComponentType } from 'react';
import { createActor, type AnyActorLogic, type AnyActorRef, type AnyStateMachine, type InputFrom } from 'xstate';
import type { FlowEmitted, NavigationTarget } from '../../machines/flow.ts';
import { appContext } from '../../src/app/context.ts';
import type { FeApp } from '../../src/app/types.ts';
// the event modules themselves, not src/events/index.ts: the other elements' event classes stay out of this chunk
import { FeErrorEvent, FeNavigateEvent } from '../../src/events/flow.ts';
import { FeLoginEvent, FeLogoutEvent } from '../../src/events/session.ts';
import { errorText } from '../../src/i18n/index.ts';
import { FlowContext } from '../../src/views/shared/flow.tsx';
import { NoProvider } from '../../src/views/shared/ui.tsx';
import { adoptInto, reactElement, type PropType, type ReactElementClass } from './react-element.ts';
import { hostOf, useLitContext } from './use-lit-context.ts';

/** The absolute URL of a navigation target (routes and `redirectUrl` resolved by the app). */
export function urlOf(app: FeApp, to: NavigationTarget): string {
  if ('url' in to) return to.url;
  if ('redirectUrl' in to) return new URL(app.resolvePostAuthUrl(to.redirectUrl), location.href).href;
  const url = new URL(app.routes[to.route] ?? '/', location.href);
  for (const [k, v] of Object.entries(to.query ?? {})) if (v !== undefined) url.searchParams.set(k, v);
  return url.href;
}

/**
 * Fires the cancelable `fe-navigate` for `url` from `host`, then (unless a
 * listener called `preventDefault()`, or the page is already there) sends the
 * browser through `app.navigate`, which refuses unsafe URLs (logged). An
 * element no longer on the page leads nowhere: its event would reach none of
 * the page's listeners, so the page could not keep itself.
 */
export function navigateFrom(app: FeApp, host: EventTarget, url: string): void {
  if (host instanceof Node && !host.isConnected) return;
  if (!host.dispatchEvent(new FeNavigateEvent({ url })) || url === location.href) return;
  try {
    app.navigate(url);
  } catch (error) {
    app.logger.error('navigation refused', error);
  }
}

/**
 * Fires the DOM event that stands for one emitted outcome of a flow machine:
 * the outcomes every flow shares here (navigate, error, login, logout), a
 * flow's own ones (`signUp`, `stepUp`, …) through its definition's
 * `outcomes`, so their event classes load with that flow only.
 */
export function fireEmitted(app: FeApp, host: HTMLElement, e: FlowEmitted, outcomes?: FlowOutcomes): void {
  switch (e.type) {
    case 'navigate':
      return navigateFrom(app, host, urlOf(app, e.to));
    case 'error': {
      const { key: _key, ...rest } = e.error;
      host.dispatchEvent(new FeErrorEvent({ ...rest, message: errorText(app.i18n.$t.get(), e.error) }));
      return;
    }
    case 'login':
      host.dispatchEvent(new FeLoginEvent({ user: e.user, restored: false }));
      return;
    case 'logout':
      host.dispatchEvent(new FeLogoutEvent({}));
      return;
    default: {
      const event = outcomes?.(e);
      if (event) host.dispatchEvent(event);
    }
  }
}

/** A flow's own outcomes as DOM events (e.g. `signUp` → `FeSignUpEvent`); `null` for any other. */
export type FlowOutcomes = (e: FlowEmitted) => Event | null;

/** One flow element's parts. `P` are its attribute-backed props. */
export interface FlowDefinition<M extends AnyStateMachine, P extends object> {
  machine: M;
  /** The machine's actors, built on the app (machines/<flow>.actors.ts). */
  actors: (app: FeApp) => Record<string, AnyActorLogic>;
  /** The machine's input from the element's props (and the page's query string). */
  input: (props: P, app: FeApp) => InputFrom<M>;
  /** The pure view: reads the actor from {@link FlowContext}. */
  view: ComponentType;
  /** Attribute-backed props (kebab-case attributes) and their types. */
  props?: Partial<Record<keyof P, PropType>>;
  /** Shadow-root CSS (the card). */
  css: string;
  /** CSS of the light-DOM forms, adopted into the element's root node (document or enclosing shadow root). */
  lightCss?: string;
  /** The flow's own outcomes as DOM events (see {@link fireEmitted}). */
  outcomes?: FlowOutcomes;
}

/** Creates a flow's actor (not started) for one mount: by default the machine with the app's actors and the props' input. */
export type MakeFlowActor<P> = (app: FeApp, props: P) => AnyActorRef;

function defaultActor<M extends AnyStateMachine, P extends object>(def: FlowDefinition<M, P>): MakeFlowActor<P> {
  return (app, props) => createActor(def.machine.provide({ actors: def.actors(app) } as never), { input: def.input(props, app) });
}

/**
 * Fires the outcomes the child machines of `actor` emit (e.g. the MFA
 * machine's errors inside the login box), each child subscribed once, as it
 * appears. Returns the unsubscribe.
 */
function fireChildren(actor: AnyActorRef, fire: (e: FlowEmitted) => void): () => void {
  const seen = new WeakSet<AnyActorRef>();
  const watch = (snapshot: { children?: Record<string, AnyActorRef | undefined> }) => {
    for (const child of Object.values(snapshot.children ?? {})) {
      if (!child || seen.has(child)) continue;
      seen.add(child);
      child.on('*', (e) => fire(e as FlowEmitted));
    }
  };
  watch(actor.getSnapshot());
  const sub = actor.subscribe(watch);
  return () => sub.unsubscribe();
}

/** Creates the actor once per mount, subscribed before start (an outcome emitted on entry is not lost); stopped on unmount. */
function useFlowActor<P>(make: MakeFlowActor<P>, app: FeApp, host: HTMLElement, props: P, outcomes?: FlowOutcomes): AnyActorRef {
  const [actor] = useState(() => {
    const actor = make(app, props);
    actor.on('*', (e) => fireEmitted(app, host, e as FlowEmitted, outcomes));
    return actor;
  });
  useEffect(() => {
    actor.start();
    const stopChildren = fireChildren(actor, (e) => fireEmitted(app, host, e, outcomes));
    return () => {
      stopChildren();
      actor.stop();
    };
  }, [actor, app, host, outcomes]);
  return actor;
}

function FlowRun<P>({
  make,
  view: View,
  outcomes,
  app,
  host,
  props,
}: {
  make: MakeFlowActor<P>;
  view: ComponentType;
  outcomes?: FlowOutcomes;
  app: FeApp;
  host: HTMLElement;
  props: P;
}) {
  const actor = useFlowActor(make, app, host, props, outcomes);
  return (
    <FlowContext.Provider value={{ actor, app, host }}>
      <View />
    </FlowContext.Provider>
  );
}

/**
 * The React root of a flow element: host and app from context, the light-DOM
 * form CSS adopted into the element's root node, then the flow (or, outside
 * `<fe-app>`, the "place this element inside <fe-app>" card). `make`
 * replaces the actor (stories and tests: a snapshot on idle actors).
 */
export function flowRoot<M extends AnyStateMachine, P extends object>(def: FlowDefinition<M, P>, make: MakeFlowActor<P> = defaultActor(def)): ComponentType<P> {
  return function FlowRoot(props: P & { container?: ShadowRoot | HTMLElement }) {
    const host = hostOf(props.container);
    const app = useLitContext(host, appContext);
    useLayoutEffect(() => {
      if (host && def.lightCss) adoptInto(host.getRootNode() as Document | ShadowRoot, def.lightCss);
    }, [host]);
    if (!host) return null;
    if (!app) return <NoProvider />;
    return <FlowRun make={make} view={def.view} outcomes={def.outcomes} app={app} host={host} props={props} />;
  } as ComponentType<P>;
}

/**
 * The custom element class of a flow: a React root in an open shadow root
 * (elements/internal/react-element.ts) with the card CSS adopted there, and
 * {@link flowRoot} inside.
 */
export function flowElement<M extends AnyStateMachine, P extends object>(def: FlowDefinition<M, P>): ReactElementClass<P> {
  return reactElement<P>(flowRoot(def), { css: def.css, props: def.props });
}
