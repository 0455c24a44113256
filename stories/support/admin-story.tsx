/**
 * Admin stories: a section (or the portal) in preview mode, in one of its designed states — `filled` (the canned
 * demo data each section answers with, `src/admin/<section>/preview.ts`: roles Read Only, Admin, Support, Editor,
 * Viewer), `empty` (every list
 * answered empty), `loading` (reads never answer), `error` (reads answer 503) — and, with `dialog`, a dialog open.
 * No network: `<fe-app preview>` signs the preview user in, and the section's resources speak to the preview
 * transport through a scenario wrapper.
 *
 * `<fe-admin-story section="users" scenario="filled" dialog="add">`
 *
 * A dialog that runs a flow (machines/admin-*.machine.ts) also has a story element per flow,
 * `<fe-admin-add-user-story … dialog="add" state='{"value":"submitting",…}'>` ({@link defineDialogStory},
 * ./admin-dialogs.ts): the same, its dialog's flow started in that state (a machine snapshot, never clicked through)
 * on idle actors (every call pending forever, so a busy state stays busy), as the flows' state stories do
 * (./flow-story.tsx).
 */
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import { useEffect, useLayoutEffect, useMemo } from 'react';
import type { FeApp } from '../../src/app/types.ts';
import { enterAccount, leaveAccount } from '../../src/admin/shell/enter-account.ts';
import { createActor, type ActorOptions, type AnyActorLogic, type AnyActorRef, type AnyStateMachine, type EventObject } from 'xstate';
import { AdminRoot } from '../../elements/internal/section-element.tsx';
import { defineElement, reactElement } from '../../elements/internal/react-element.ts';
import { createApiClient } from '../../src/api/client.ts';
import { createAdminResources } from '../../src/admin/resources/index.ts';
import { SectionHost } from '../../src/admin/shell/SectionHost.tsx';
import { isSectionId } from '../../src/admin/shell/ids.ts';
import { SECTIONS } from '../../src/admin/shell/sections.ts';
import { adminCss } from '../../src/admin/ui/styles.ts';
import { FlowActorContext } from '../../src/admin/ui/use-flow.ts';
import { addMessages } from '../../src/i18n/index.ts';
import { enAdmin } from '../../src/i18n/en-admin.ts';
import { previewFetch } from '../../src/preview/transport.ts';
import { useT } from '../../src/i18n/use-t.ts';
import { PREVIEW_BASE_URL } from './page.ts';
import { flowStories, onIdleActors, snapshotOf, type FlowStoriesParameter, type StateSpec } from './flow-story.tsx';
import { previewApp } from './preview-app.ts';

addMessages('en', enAdmin);

/** The designed states of an admin view. */
export type AdminScenario = 'filled' | 'empty' | 'loading' | 'error' | 'stale';
export const ADMIN_SCENARIOS: AdminScenario[] = ['filled', 'empty', 'loading', 'error', 'stale'];

/** The message of the `error` scenario (a server's own text, shown as the error catalogue says). */
export const STORY_ERROR_MESSAGE = 'Service temporarily unavailable';

/**
 * `fetch` of a scenario over the preview transport: reads (GET) are emptied, held or failed; writes go through. In
 * `stale`, each read is answered once and held when asked again (the section's data refreshed at once: the rows
 * on screen stay, marked stale, while the next answer is awaited).
 */
export function scenarioFetch(scenario: AdminScenario): typeof fetch {
  const answered = new Set<string>();
  return async (input, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    if (method !== 'GET' || scenario === 'filled') return previewFetch(input, init);
    if (scenario === 'stale') {
      const url = String(input instanceof Request ? input.url : input);
      if (answered.has(url)) return new Promise<Response>(() => {});
      answered.add(url);
      return previewFetch(input, init);
    }
    if (scenario === 'loading') return new Promise<Response>(() => {});
    if (scenario === 'error') return new Response(JSON.stringify({ errors: [STORY_ERROR_MESSAGE] }), { status: 503, headers: { 'content-type': 'application/json' } });
    const body: unknown = await (await previewFetch(input, init)).json();
    // every list of the answer emptied: a bare array, a page's items (with zero totals), or an object's array fields
    // (MFA devices by kind, access tokens); single settings objects stay as they are
    const empty = Array.isArray(body)
      ? []
      : body && typeof body === 'object'
        ? Object.fromEntries(Object.entries(body).map(([k, v]) => [k, Array.isArray(v) ? [] : k === '_metadata' ? { totalItems: 0, totalPages: 0 } : v]))
        : body;
    return new Response(JSON.stringify(empty), { status: 200, headers: { 'content-type': 'application/json' } });
  };
}

interface StoryProps {
  section?: string;
  scenario?: string;
  dialog?: string;
  /** The name of a sub-account the story acts in (issue 34: entered on mount, under the "Acting in" banner). */
  acting?: string;
  /** Feature flags turned on, comma-separated (e.g. `multi-apps-admin-portal`). */
  flags?: string;
  /** The state of the dialog's flow (JSON {@link DialogStateSpec}): dialog story elements only. */
  state?: string;
}

/** A state of an admin dialog's flow: a flow {@link StateSpec} and what the machine emitted on entering it. */
export interface DialogStateSpec extends StateSpec {
  /**
   * Events the machine emitted on entering the state, which no snapshot holds (e.g. the new token with its secret,
   * shown once: the dialog keeps it from the `created` event): the story hands each, once, to the first listener of
   * its type to subscribe, as the running flow did (a listener subscribing again, e.g. a re-run effect, gets nothing).
   */
  emitted?: (EventObject & Record<string, unknown>)[];
}

/**
 * The `readOnly` story variant: the filled section seen by an admin who holds only the section's read keys (no write
 * or delete key): every write control absent, the "you can view" note shown.
 */
export const READ_ONLY = 'readOnly';

function AdminStoryRoot({ container, section, scenario, dialog, state, flow, acting, flags }: StoryProps & { container?: ShadowRoot | HTMLElement; flow?: AnyStateMachine }) {
  const id = isSectionId(section) ? section : 'users';
  const readOnly = scenario === READ_ONLY;
  const s = (ADMIN_SCENARIOS as string[]).includes(scenario ?? '') ? (scenario as AdminScenario) : 'filled';
  const makeActor = useMemo(() => (flow && state ? actorsIn(flow, JSON.parse(state) as DialogStateSpec) : createActor), [flow, state]);
  return (
    <AdminRoot
      container={container}
      resources={() => {
        const resources = createAdminResources({
          client: createApiClient({ baseUrl: PREVIEW_BASE_URL, getAccessToken: () => 'preview', fetch: scenarioFetch(s), requestSource: 'admin-portal' }),
        });
        // stale: once the first answers are on screen, every read is asked again (and held); for 5 s, every 500 ms, so
        // reads that start after others (a list after its metadata) are caught too
        if (s === 'stale') {
          let ticks = 0;
          const timer = setInterval(() => {
            resources.query.cache.revalidate(() => true);
            if (++ticks === 10) clearInterval(timer);
          }, 500);
        }
        return resources;
      }}
      body={({ app, base }) => (
        <FlowActorContext.Provider value={makeActor}>
          <StorySetup app={app} acting={acting} flags={flags} />
          <StoryBody app={app} value={{ ...base, section: id, dialog, permissions: readOnly ? SECTIONS[id].permissions : base.permissions }} />
        </FlowActorContext.Provider>
      )}
    />
  );
}

/** `createActor` for a dialog's flows, except that `machine`'s flow starts in `spec` ({@link dialogActor}). */
function actorsIn(machine: AnyStateMachine, spec: DialogStateSpec): typeof createActor {
  const make = (logic: AnyActorLogic, options?: ActorOptions<AnyActorLogic>) =>
    (logic as Partial<AnyStateMachine>).id === machine.id ? dialogActor(logic as AnyStateMachine, spec, options?.input) : createActor(logic, options);
  return make as typeof createActor;
}

/**
 * The actor (not started) of a dialog's flow `logic` in `spec`: the snapshot resolved from the machine (context: the
 * initial one from `input`, then `spec.context`) on idle actors, handing `spec.emitted` to its listeners.
 */
function dialogActor(logic: AnyStateMachine, spec: DialogStateSpec, input: unknown): AnyActorRef {
  const idle = onIdleActors(logic);
  const actor = createActor(idle, { input, snapshot: snapshotOf(idle, spec, input as never) });
  let pending: EventObject[] = spec.emitted ?? [];
  if (pending.length === 0) return actor;
  const on = actor.on.bind(actor);
  actor.on = ((type: string, handler: (event: EventObject) => void) => {
    const subscription = on(type, handler);
    const now = pending.filter((event) => event.type === type);
    pending = pending.filter((event) => event.type !== type);
    for (const event of now) handler(event);
    return subscription;
  }) as typeof actor.on;
  return actor;
}

/** A story's app state: its feature flags on, and the sub-account it acts in (entered once, left on unmount). */
function StorySetup({ app, acting, flags }: { app: FeApp; acting?: string; flags?: string }) {
  useLayoutEffect(() => {
    if (flags) app.stores.$featureFlags.set({ ...app.stores.$featureFlags.get(), ...Object.fromEntries(flags.split(',').map((f) => [f.trim(), 'on' as const])) });
  }, [app, flags]);
  useEffect(() => {
    if (!acting) return;
    void enterAccount(app, { tenantId: 'preview-sub-account', name: acting });
    return () => leaveAccount(app);
  }, [app, acting]);
  return null;
}

function StoryBody({ app, value }: { app: Parameters<typeof useT>[0]; value: Parameters<typeof SectionHost>[0]['value'] }) {
  const t = useT(app);
  return <SectionHost value={value} allowed t={t} />;
}

/** `<fe-admin-story>`: one section in one scenario (attributes `section`, `scenario`, `dialog`). */
export class FeAdminStoryElement extends reactElement<StoryProps>(AdminStoryRoot, {
  css: adminCss,
  props: { section: 'string', scenario: 'string', dialog: 'string', acting: 'string', flags: 'string' },
}) {}
defineElement('fe-admin-story', FeAdminStoryElement);

/**
 * Defines `tag` (e.g. `fe-admin-add-user-story`): `<fe-admin-story>` whose dialog starts `machine`'s flow in the
 * state its `state` attribute names (JSON {@link DialogStateSpec}), and registers it with the flow stories
 * (./flow-story.tsx `flowStories`: test/stories.test.ts counts its states, test/no-tokens-in-snapshots.test.ts
 * checks them). `input` is the flow's input where no dialog gives one (the no-tokens check).
 */
export function defineDialogStory(tag: string, machine: AnyStateMachine, input: unknown = {}): void {
  flowStories.set(tag, { machine, children: {}, make: (_app, spec) => dialogActor(machine, spec, input) });
  const root = (props: StoryProps & { container?: ShadowRoot | HTMLElement }) => <AdminStoryRoot {...props} flow={machine} />;
  defineElement(tag, reactElement<StoryProps>(root, { css: adminCss, props: { section: 'string', scenario: 'string', dialog: 'string', state: 'string' } }));
}

/** Story args of an admin section. */
export interface AdminStoryArgs {
  /** A designed state, or {@link READ_ONLY}: the filled section for an admin with the read keys only. */
  scenario: AdminScenario | typeof READ_ONLY;
  dialog?: string;
  /** A state of the dialog's flow: one of `parameters.flow.states` ({@link dialogStateStory}). */
  state?: string;
  /** The sub-account the story acts in (its name; issue 34). */
  acting?: string;
  /** Feature flags on, comma-separated. */
  flags?: string;
}

/** `parameters.admin` of a section's stories: the section shown (a story may name another, e.g. `personalApiTokens`). */
export interface AdminStoriesParameter {
  section: string;
}

/**
 * The meta of a section's stories: `<fe-admin-story>` in `<fe-app preview>` with the preview user signed in, the
 * section from `parameters.admin` ({@link AdminStoriesParameter}; test/stories.test.ts reads it too). A dialog's
 * state story (`state` and `parameters.flow`: {@link dialogStateStory}) renders the flow's story element instead.
 */
export function adminStoriesMeta(title: string, section: string): Meta<AdminStoryArgs> {
  return {
    title,
    argTypes: { scenario: { control: 'select', options: ADMIN_SCENARIOS } },
    parameters: { admin: { section } satisfies AdminStoriesParameter },
    render: ({ scenario, dialog, state, acting, flags }, { parameters }) => {
      const flow = parameters.flow as FlowStoriesParameter | undefined;
      const spec = state ? flow?.states[state] : undefined;
      const story = document.createElement(flow && spec ? `${flow.tag}-story` : 'fe-admin-story');
      story.setAttribute('section', (parameters.admin as AdminStoriesParameter | undefined)?.section ?? section);
      story.setAttribute('scenario', scenario);
      if (dialog) story.setAttribute('dialog', dialog);
      if (spec) story.setAttribute('state', JSON.stringify(spec));
      if (acting) story.setAttribute('acting', acting);
      if (flags) story.setAttribute('flags', flags);
      return html`${keyed(`${scenario}/${dialog ?? ''}/${state ?? ''}/${acting ?? ''}/${flags ?? ''}`, previewApp([story], { signedIn: true }))}`;
    },
  };
}

/** A story of an admin section. */
export type AdminStory = StoryObj<AdminStoryArgs>;

/**
 * The state stories of one admin dialog's flow: `story(state, { dialog, section })` is the filled section with
 * `dialog` (default: this `dialog`) open, its flow in `states[state]` — rendered by `<tag-story>`
 * ({@link defineDialogStory}; ./admin-dialogs.ts defines them), counted by test/stories.test.ts through
 * `parameters.flow`; `section` names another section than the meta's (e.g. `personalApiTokens`).
 */
export function dialogStateStory<S extends Record<string, DialogStateSpec>>(tag: string, states: S, dialog: string) {
  const flow = { tag, states } satisfies FlowStoriesParameter;
  return (state: keyof S & string, options: { dialog?: string; section?: string } = {}): AdminStory => ({
    args: { scenario: 'filled', dialog: options.dialog ?? dialog, state },
    parameters: { flow, ...(options.section ? { admin: { section: options.section } satisfies AdminStoriesParameter } : {}) },
  });
}
