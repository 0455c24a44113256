/**
 * Storybook is the catalogue (issue 15 item 6): every story module (stories/*.stories.ts, imported as Storybook
 * imports it) is read for its stories' args, and
 * - every state of every flow machine has a story: each state node of the machine of each story element
 *   (stories/support/flows.ts; the admin dialogs' flows: stories/support/admin-dialogs.ts) and of its child machines
 *   (the MFA machine, the steps after sign-in), compound and leaf, is active in the snapshot of at least one story's
 *   state (`args.state` → `parameters.flow.states`); states left at once (`always`, and a child machine's final
 *   states, handed to the parent) cannot be shown and are skipped; every machines/*.machine.ts is one of those
 *   machines or listed below with the reason it is not;
 * - every element of custom-elements.json is the `component` of at least one story;
 * - every built admin section has its designed states: filled, empty (where a list can be empty), loading, error.
 * Each check fails with the list of what is missing.
 */
import { expect } from '@open-wc/testing';
import { isExportStory, storyNameFromExport } from 'storybook/internal/csf';
import type { AnyStateMachine, StateValue } from 'xstate';
import cem from '../custom-elements.json';
import { SECTIONS } from '../src/admin/shell/sections.ts';
import type { AdminStoriesParameter } from '../stories/support/admin-story.tsx';
import { flowStories, type FlowStoriesParameter, type StateSpec } from '../stories/support/flow-story.tsx';

interface StoryObject {
  args?: Record<string, unknown>;
  render?: unknown;
  parameters?: Record<string, unknown>;
  component?: string;
}
interface StoryModule {
  default: StoryObject & { title?: string; includeStories?: string[] | RegExp; excludeStories?: string[] | RegExp };
  [name: string]: unknown;
}

const storyModules = import.meta.glob<StoryModule>('../stories/*.stories.ts', { eager: true });
const machineModules = import.meta.glob<Record<string, unknown>>('../machines/*.machine.ts', { eager: true });

/** Machines whose states are not stories (yet), with the reason. A new machine must have stories or be listed here. */
const NOT_IN_CATALOGUE: Record<string, string> = {};

/** Machine states no story can show, by `<machine file>: <state path>`, with the reason. */
const NOT_SHOWN: Record<string, string> = {
  'login: success.navigated': 'the page has left: restored without a session the login box starts over (LoginBox), with one it is the signed-in card (the SigningOut story)',
  'login: magicLinkPreLoginSuccess.form.submitting': 'the magic link card has no code form (the link is checked on its callback page: the PostLogin story)',
};

/** Admin sections whose read answers one settings object, not a list: no `empty` state. */
const NO_EMPTY_STATE: Record<string, string> = {
  profile: 'the signed-in user’s own profile: always there',
  account: 'the account’s settings: one object, always there',
};

interface Story {
  file: string;
  name: string;
  component?: string;
  args: Record<string, unknown>;
  parameters: Record<string, unknown>;
  /** A render of its own (e.g. the login box's Live and Themed): not a state story. */
  ownRender: boolean;
}

/** Every story of every module, its args and parameters merged over the meta's (as Storybook does, shallowly enough here). */
const stories: Story[] = Object.entries(storyModules).flatMap(([path, module]) => {
  const meta = module.default;
  const file = path.replace('../stories/', '');
  return Object.entries(module)
    .filter(([key]) => key !== 'default' && key !== '__namedExportsOrder' && isExportStory(key, meta))
    .map(([key, value]) => {
      const story = (value ?? {}) as StoryObject;
      return {
        file,
        name: storyNameFromExport(key),
        component: story.component ?? meta.component,
        args: { ...meta.args, ...story.args },
        parameters: { ...meta.parameters, ...story.parameters },
        ownRender: story.render !== undefined,
      };
    });
});

/** `a`, `a.b`, `a.b.c` … for every region of a state value. */
function paths(value: StateValue, prefix = ''): string[] {
  if (typeof value === 'string') return [`${prefix}${value}`];
  return Object.entries(value).flatMap(([key, child]) => [`${prefix}${key}`, ...(child ? paths(child as StateValue, `${prefix}${key}.`) : [])]);
}

/** Every state node of a machine (root excluded) by its path, whether it is left at once (`always`) and whether it is final. */
function stateNodes(machine: AnyStateMachine): { path: string; transient: boolean; final: boolean }[] {
  const out: { path: string; transient: boolean; final: boolean }[] = [];
  const walk = (node: AnyStateMachine['root']) => {
    for (const child of Object.values(node.states)) {
      out.push({ path: child.path.join('.'), transient: child.always !== undefined && child.always.length > 0, final: child.type === 'final' });
      walk(child);
    }
  };
  walk(machine.root);
  return out;
}

/** The paths active in `machine` at `value` (a compound value resolved to its initial leaves). */
function activePaths(machine: AnyStateMachine, value: unknown): string[] {
  const snapshot = machine.resolveState({ value: value as StateValue, context: {} as never });
  return paths(snapshot.value as StateValue);
}

/** The machine files (`machines/<name>.machine.ts` → name) by machine. */
const machineFiles = new Map<AnyStateMachine, string>();
for (const [path, module] of Object.entries(machineModules)) {
  for (const value of Object.values(module)) {
    if (value && typeof value === 'object' && 'root' in value && 'resolveState' in value) {
      machineFiles.set(value as AnyStateMachine, path.replace('../machines/', '').replace('.machine.ts', ''));
    }
  }
}

describe('the Storybook catalogue', () => {
  it(`reads every story module (${Object.keys(storyModules).length} files, ${stories.length} stories)`, () => {
    expect(stories.length).to.be.greaterThan(200);
  });

  it('every state story names a state of its flow', () => {
    const wrong = stories.flatMap((s) => {
      const flow = s.parameters.flow as FlowStoriesParameter | undefined;
      if (!flow || s.ownRender) return [];
      const state = s.args.state;
      return typeof state === 'string' && state in flow.states ? [] : [`${s.file} ${s.name}: state ${JSON.stringify(state)}`];
    });
    expect(wrong, `stories naming no state of their flow:\n${wrong.join('\n')}`).to.deep.equal([]);
  });

  it('every state of every flow machine (and its child machines) has a story', () => {
    // the paths each machine shows in some story
    const covered = new Map<AnyStateMachine, Set<string>>();
    const cover = (machine: AnyStateMachine, value: unknown) => {
      const set = covered.get(machine) ?? new Set<string>();
      for (const p of activePaths(machine, value)) set.add(p);
      covered.set(machine, set);
    };
    for (const story of stories) {
      const flow = story.parameters.flow as FlowStoriesParameter | undefined;
      const spec: StateSpec | undefined = flow?.states[story.args.state as string];
      if (!flow || !spec || story.ownRender) continue;
      const element = flowStories.get(`${flow.tag}-story`);
      expect(element, `story element ${flow.tag}-story (stories/support/flows.ts)`).to.exist;
      cover(element!.machine, spec.value);
      for (const child of Object.values(spec.children ?? {})) cover(element!.children[child.src], child.value);
    }
    // every machine of a story element, with its children, even if no story reached it
    const flowMachines = new Set<AnyStateMachine>();
    for (const element of flowStories.values()) {
      flowMachines.add(element.machine);
      for (const machine of [element.machine, ...Object.values(element.children)]) covered.set(machine, covered.get(machine) ?? new Set());
    }

    const missing: string[] = [];
    for (const [machine, shown] of covered) {
      const name = machineFiles.get(machine) ?? machine.id;
      // a child machine's final state hands over to its parent at once (the MFA machine's `recover` shows as the
      // login machine's `recoverTwoFactor`): it cannot be shown
      const childOnly = !flowMachines.has(machine);
      for (const node of stateNodes(machine)) {
        const id = `${name}: ${node.path}`;
        if (!node.transient && !(childOnly && node.final) && !(id in NOT_SHOWN) && !shown.has(node.path)) missing.push(id);
      }
    }
    expect(missing, `machine states without a story (add one to stories/<flow>-states.ts and its .stories.ts):\n${missing.join('\n')}`).to.deep.equal([]);

    const stale = Object.keys(NOT_SHOWN).filter((id) => [...covered].some(([machine, shown]) => id.startsWith(`${machineFiles.get(machine)}: `) && shown.has(id.split(': ')[1])));
    expect(stale, `states in NOT_SHOWN that have a story now (take them out):\n${stale.join('\n')}`).to.deep.equal([]);

    const uncatalogued = [...machineFiles].filter(([machine, name]) => !covered.has(machine) && !(name in NOT_IN_CATALOGUE)).map(([, name]) => `machines/${name}.machine.ts`);
    expect(
      uncatalogued,
      `machines with neither a story element (stories/support/flows.ts, admin-dialogs.ts) nor a reason in NOT_IN_CATALOGUE:\n${uncatalogued.join('\n')}`,
    ).to.deep.equal([]);
  });

  it('every element of custom-elements.json has a story (by `component`)', () => {
    const tags = cem.modules.flatMap((m) => (m.declarations ?? []).flatMap((d) => ('tagName' in d && d.tagName ? [d.tagName] : [])));
    expect(tags.length).to.be.greaterThan(20);
    const withStory = new Set(stories.map((s) => s.component));
    const missing = tags.filter((tag) => !withStory.has(tag));
    expect(missing, `elements without a story (a stories/*.stories.ts whose meta has \`component: '<tag>'\`):\n${missing.join('\n')}`).to.deep.equal([]);
  });

  it('every built admin section has its designed states: filled, empty (where it applies), loading, error', () => {
    const shown = new Map<string, Set<string>>();
    for (const s of stories) {
      const admin = s.parameters.admin as AdminStoriesParameter | undefined;
      if (!admin || s.args.dialog) continue;
      shown.set(admin.section, (shown.get(admin.section) ?? new Set()).add(String(s.args.scenario)));
    }
    const missing = Object.values(SECTIONS)
      .filter((section) => section.built)
      .flatMap(({ id }) =>
        ['filled', 'empty', 'loading', 'error']
          .filter((scenario) => !(scenario === 'empty' && id in NO_EMPTY_STATE) && !shown.get(id)?.has(scenario))
          .map((scenario) => `${id}: ${scenario}`),
      );
    expect(missing, `admin section states without a story (stories/admin-*.stories.ts, parameters.admin.section):\n${missing.join('\n')}`).to.deep.equal([]);
  });
});
