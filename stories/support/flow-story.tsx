/**
 * Stories and accessibility tests render a flow's pure view on a snapshot
 * resolved from its machine (never by clicking through, never with a
 * test-only attribute on the product's elements): `snapshotOf(machine, spec)`
 * and a story element per flow, `<fe-…-story state='{"value": …}'>`, whose
 * actor starts from that snapshot with idle actors (every invoked call
 * pending forever, so a "submitting" state stays busy).
 *
 * A state that runs a child machine (the login box's and step-up's MFA
 * machine) names it in `children`: `defineFlowStory(tag, def, { children })`
 * gives the child machines by their actor name, and the snapshot carries each
 * child at its own state ({@link persistedSnapshotOf}).
 */
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { keyed } from 'lit/directives/keyed.js';
import { createActor, fromPromise, type AnyActorRef, type AnyStateMachine, type InputFrom, type Snapshot, type SnapshotFrom } from 'xstate';
import { flowRoot, type FlowDefinition } from '../../elements/internal/flow-element.tsx';
import { defineElement, reactElement } from '../../elements/internal/react-element.ts';
import type { FeApp } from '../../src/app/types.ts';
import { keepPage, PREVIEW_BASE_URL } from './page.ts';
import { appGlobals } from './globals.ts';

/** A state as data: the state value and the context fields that differ from the machine's initial context. */
export interface StateSpec {
  value: unknown;
  context?: Record<string, unknown>;
  /** Child machines running in this state, by their id (e.g. `mfa`). */
  children?: Record<string, ChildStateSpec>;
}

/** A child machine in a state: the actor name it runs (`src`), its state value and the context fields over its initial context (from `input`). */
export interface ChildStateSpec {
  src: string;
  value: unknown;
  context?: Record<string, unknown>;
  input?: unknown;
}

/** Options of {@link defineFlowStory}. */
export interface FlowStoryOptions {
  /** The flow's child machines by actor name (e.g. `{ mfa: mfaMachine }`): their states come from `StateSpec.children`. */
  children?: Record<string, AnyStateMachine>;
}

/**
 * The snapshot of `machine` in `spec.value`, its context the initial context
 * (from `input`) overlaid with `spec.context`.
 */
export function snapshotOf<M extends AnyStateMachine>(machine: M, spec: StateSpec, input?: InputFrom<M>): SnapshotFrom<M> {
  const initial = (createActor(machine, { input }).getSnapshot() as { context: Record<string, unknown> }).context;
  return machine.resolveState({ value: spec.value as never, context: { ...initial, ...spec.context } as never }) as SnapshotFrom<M>;
}

/**
 * The persisted snapshot of `machine` in `spec` (as {@link snapshotOf}) with
 * each child of `spec.children` at its own state, for
 * `createActor(logic, { snapshot })`; `logic` must provide the children's
 * `src` actors (so that restoring starts them from these snapshots).
 */
export function persistedSnapshotOf<M extends AnyStateMachine>(
  machine: M,
  spec: StateSpec,
  input?: InputFrom<M>,
  machines: Record<string, AnyStateMachine> = {},
): Snapshot<unknown> {
  const persisted = machine.getPersistedSnapshot(snapshotOf(machine, spec, input)) as Snapshot<unknown> & { children: Record<string, unknown> };
  for (const [id, child] of Object.entries(spec.children ?? {})) {
    const childMachine = machines[child.src];
    if (!childMachine) throw new Error(`no child machine ${child.src} for the story (defineFlowStory options.children)`);
    const snapshot = snapshotOf(childMachine, { value: child.value, context: child.context }, (child.input ?? {}) as InputFrom<AnyStateMachine>);
    persisted.children[id] = { src: child.src, snapshot: childMachine.getPersistedSnapshot(snapshot), systemId: undefined };
  }
  return persisted;
}

/**
 * The machine with every actor it names (its own defaults, and `names`: the
 * actors its element provides) replaced by one that never settles.
 */
export function onIdleActors<M extends AnyStateMachine>(machine: M, names: string[] = []): M {
  const pending = fromPromise(() => new Promise<never>(() => {}));
  const actors = Object.fromEntries([...Object.keys(machine.implementations.actors ?? {}), ...names].map((name) => [name, pending]));
  return machine.provide({ actors } as never) as M;
}

/**
 * Defines `tag` (e.g. `fe-forgot-password-story`): the flow's view in the
 * same shadow card, started from the snapshot its `state` attribute names
 * (JSON {@link StateSpec}). Emitted outcomes still fire DOM events, so a
 * story's `fe-navigate` can be logged and kept.
 */
export function defineFlowStory<M extends AnyStateMachine, P extends object>(tag: string, def: FlowDefinition<M, P>, options: FlowStoryOptions = {}): void {
  type StoryProps = P & { state?: string };
  const make = (app: FeApp, props: StoryProps) => storyActor(def, options, app, props, JSON.parse(props.state ?? '{}') as StateSpec);
  flowStories.set(tag, { machine: def.machine, children: options.children ?? {}, make: (app, spec) => storyActor(def, options, app, {} as StoryProps, spec) });
  const root = flowRoot<M, StoryProps>(def as never, make);
  defineElement(tag, reactElement<StoryProps>(root, { css: def.css, props: { ...def.props, state: 'string' } as never }));
}

/** The actor of a story element (not started): the flow's machine on idle actors (its child machines too), from the state `spec`. */
function storyActor<M extends AnyStateMachine, P extends object>(def: FlowDefinition<M, P>, options: FlowStoryOptions, app: FeApp, props: P, spec: StateSpec): AnyActorRef {
  const input = def.input(props, app);
  const children = Object.fromEntries(Object.entries(options.children ?? {}).map(([name, child]) => [name, onIdleActors(child)]));
  const logic = onIdleActors(def.machine, Object.keys(def.actors(app))).provide({ actors: children } as never) as M;
  const snapshot = spec.children ? persistedSnapshotOf(logic, spec, input, children) : snapshotOf(logic, spec, input);
  return createActor(logic, { input, snapshot });
}

/**
 * The story elements defined so far, by tag: the flow's machine, its child machines by actor name, and its actor
 * (not started) in a state (the no-tokens test walks them; the catalogue test checks every machine state has a story).
 */
export const flowStories = new Map<string, { machine: AnyStateMachine; children: Record<string, AnyStateMachine>; make: (app: FeApp, spec: StateSpec) => AnyActorRef }>();

/** `parameters.flow` of a flow's stories: the story element's flow tag and the states its `state` arg names. */
export interface FlowStoriesParameter {
  tag: string;
  states: Record<string, StateSpec>;
}

/**
 * The Storybook meta of a flow's state stories: `title`, `component: tag`, a
 * `state` control over `states`, each state rendered by `<tag-story>` inside
 * `<fe-app preview>` (no network; the toolbar's locale and theme), navigation
 * logged and kept; `parameters.flow` ({@link FlowStoriesParameter}) names the
 * flow and its states for test/stories.test.ts.
 */
export function flowStoriesMeta<S extends Record<string, StateSpec>>(title: string, tag: string, states: S): Meta<{ state: keyof S & string }> {
  return {
    title,
    component: tag,
    argTypes: { state: { control: 'select', options: Object.keys(states) } },
    parameters: { flow: { tag, states } satisfies FlowStoriesParameter },
    render: ({ state }) => {
      const json = JSON.stringify(states[state]);
      const story = document.createElement(`${tag}-story`);
      story.setAttribute('state', json);
      const { locale, theme } = appGlobals();
      return html`${keyed(json, html`<fe-app preview base-url=${PREVIEW_BASE_URL} locale=${locale} theme=${ifDefined(theme)} @fe-navigate=${keepPage}>${story}</fe-app>`)}`;
    },
  };
}

/** A state story of a flow: its `state` arg names one of `S`. */
export type FlowStory<S> = StoryObj<{ state: keyof S & string }>;
