/**
 * `npm run new:flow -- <name>`: writes one flow in the project's shape
 * (architecture "How data flows" 3, issue "One shape for every flow"):
 *
 * - machines/<name>.machine.ts   pure machine: a form step (`formStep`), `emit()`s outcomes
 * - machines/<name>.actors.ts    `<name>Actors(app)`: the machine's actors on the app's API
 * - src/views/<name>/<Name>View.tsx   the pure view (renders the snapshot, sends events)
 * - src/i18n/en-<name>.ts        its messages, pure data
 * - elements/fe-<name>.ts        the element: `flowElement({ machine, actors, input, view, … })`
 * - stories/<name>-states.ts, stories/<name>.stories.ts   one story per machine state
 * - test/<name>.test.ts          machine test, element test, axe per state
 *
 * It also adds the messages' keys to the `MessageKey` type (src/i18n/en.ts)
 * and the story element to stories/support/flows.ts, and prints what to add
 * by hand (the build entry in vite.config.ts and package.json "exports").
 * Names are kebab-case (`export-data`).
 */
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** `export-data` → `{ kebab: 'export-data', camel: 'exportData', pascal: 'ExportData' }`. */
export function namesOf(name) {
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name)) throw new Error(`a flow name is kebab-case (e.g. export-data), not "${name}"`);
  const camel = name.replace(/-([a-z0-9])/g, (_, c) => c.toUpperCase());
  return { kebab: name, camel, pascal: camel[0].toUpperCase() + camel.slice(1) };
}

/** The files of flow `name`: path → content. */
export function flowFiles(name) {
  const { kebab: k, camel: c, pascal: P } = namesOf(name);
  return {
    [`machines/${k}.machine.ts`]: `/**
 * ${P} (scaffolded by \`npm run new:flow\`). States: \`${c}\` (\`idle\` /
 * \`submitting\`) → \`done\`. Actor: \`submit${P}\` (machines/${k}.actors.ts).
 * Emits \`error\` when it fails and \`navigate\` for \`route.open\`.
 */
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { toFlowError, type FlowError } from './errors.ts';
import { formStep, type FlowEmitted, type RouteOpenEvent } from './flow.ts';

export interface ${P}Context {
  value: string;
  error: FlowError | null;
}

export type ${P}Event = { type: 'value.submit'; value: string } | RouteOpenEvent;

const ${c}Setup = setup({
  types: { context: {} as ${P}Context, events: {} as ${P}Event, input: {} as { value?: string }, emitted: {} as FlowEmitted },
  actors: {
    submit${P}: fromPromise<unknown, { value: string }>(async () => {
      throw new Error('submit${P} not provided');
    }),
  },
  actions: {
    emitError: emit(({ context }) => ({ type: 'error' as const, error: context.error ?? { key: 'error.generic' } })),
  },
});

export const ${c}Machine = ${c}Setup.createMachine({
  id: '${c}',
  context: ({ input }) => ({ value: input.value ?? '', error: null }),
  initial: '${c}',
  on: { 'route.open': { actions: emit(({ event }) => ({ type: 'navigate' as const, to: { route: event.route } })) } },
  states: {
    ${c}: formStep(
      ${c}Setup,
      'value.submit',
      {
        src: 'submit${P}',
        input: ({ context }: { context: ${P}Context }) => ({ value: context.value }),
        onDone: { target: '#${c}.done' },
        onError: [assign({ error: ({ event }: { event: { error: unknown } }) => toFlowError(event.error) }), 'emitError'],
      },
      assign({ value: ({ event }: { event: { value: string } }) => event.value.trim(), error: null }),
    ),
    done: {},
  },
});

export type ${P}Snapshot = SnapshotFrom<typeof ${c}Machine>;
`,
    [`machines/${k}.actors.ts`]: `/** The ${k} machine's actors on the app's API. */
import { fromPromise } from 'xstate';
import type { FeApp } from '../src/app/types.ts';

/** Actors of {@link import('./${k}.machine.ts').${c}Machine}. Replace the call with the flow's API call (\`{ signal }\` passed on). */
export function ${c}Actors(app: FeApp) {
  return {
    submit${P}: fromPromise<unknown, { value: string }>(async ({ input, signal }) => {
      await app.client.post('/identity/resources/example/v1', { value: input.value }, { signal });
    }),
  };
}
`,
    [`src/views/${k}/${P}View.tsx`]: `/** \`<fe-${k}>\`'s view: renders the machine's snapshot, sends \`value.submit\` and \`route.open\`. */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { ${c}Machine } from '../../../machines/${k}.machine.ts';
import { errorText } from '../../i18n/index.ts';
import * as c from '../shared/card.css.ts';
import { useT } from '../../i18n/use-t.ts';
import { useFlow } from '../shared/flow.tsx';
import { Card, Field, LightForm, SubmitButton } from '../shared/ui.tsx';

export function ${P}View() {
  const { actor, app, host } = useFlow<ActorRefFrom<typeof ${c}Machine>>();
  const t = useT(app);
  const snapshot = useSelector(actor, (s) => s);
  const back = (
    <button type="button" className={c.linkButton} onClick={() => actor.send({ type: 'route.open', route: 'loginUrl' })}>
      {t('login.backToLogin')}
    </button>
  );
  if (snapshot.matches('done')) return <Card step="done" title={t('${c}.done.title')} footer={back} />;
  const busy = snapshot.hasTag('busy');
  return (
    <Card step="${c}" title={t('${c}.title')} error={errorText(t, snapshot.context.error)} footer={back}>
      <LightForm host={host} name="${c}" busy={busy} onSubmit={(data) => actor.send({ type: 'value.submit', value: String(data.get('value') ?? '') })} focusKey="${c}">
        <Field label={t('${c}.value.label')} name="value" autoComplete="off" defaultValue={snapshot.context.value} />
        <SubmitButton busy={busy} label={t('${c}.submit')} busyLabel={t('${c}.busy')} />
      </LightForm>
    </Card>
  );
}
`,
    [`src/i18n/en-${k}.ts`]: `/** English messages of the ${k} flow (pure data: \`<fe-${k}>\` registers them). */
export const en${P} = {
  '${c}.title': '${P}',
  '${c}.value.label': 'Value',
  '${c}.submit': 'Save',
  '${c}.busy': 'Saving…',
  '${c}.done.title': 'Saved',
} as const;
`,
    [`elements/fe-${k}.ts`]: `import { ${c}Actors } from '../machines/${k}.actors.ts';
import { ${c}Machine } from '../machines/${k}.machine.ts';
import { addMessages } from '../src/i18n/index.ts';
import { en${P} } from '../src/i18n/en-${k}.ts';
import shadowCss from '../src/views/shared/card.css.ts?inline';
import lightCss from '../src/views/shared/form.css.ts?inline';
import { ${P}View } from '../src/views/${k}/${P}View.tsx';
import { flowElement, type FlowDefinition } from './internal/flow-element.tsx';
import { defineElement } from './internal/react-element.ts';
import './fe-app.ts';

addMessages('en', en${P});

/** Attributes of \`<fe-${k}>\`. */
export interface ${P}Props {
  value?: string;
}

/** The flow's parts (stories and tests render its view on a machine snapshot). */
export const ${c}Flow: FlowDefinition<typeof ${c}Machine, ${P}Props> = {
  machine: ${c}Machine,
  actors: ${c}Actors,
  input: ({ value }) => ({ value }),
  view: ${P}View,
  props: { value: 'string' },
  css: shadowCss,
  lightCss,
};

/**
 * ${P} (scaffolded). Must sit inside \`<fe-app>\`.
 *
 * @tag fe-${k}
 * @summary ${P}.
 *
 * @attr {string} value - Pre-filled value.
 *
 * @fires {FeErrorEvent} fe-error - When saving fails (\`detail: { message, statusCode?, traceId? }\`).
 * @fires {FeNavigateEvent} fe-navigate - Before going back to sign-in (\`detail: { url }\`); cancelable.
 *
 * @slot form - Filled by the element itself.
 * @csspart card - The card.
 * @csspart error - The error message (an ARIA alert).
 */
export class Fe${P}Element extends flowElement(${c}Flow) {}

defineElement('fe-${k}', Fe${P}Element);

declare global {
  interface HTMLElementTagNameMap {
    'fe-${k}': Fe${P}Element;
  }
}
`,
    [`stories/${k}-states.ts`]: `/** Every state of the ${k} machine as data (stories and the accessibility test share them). */
import type { StateSpec } from './support/flow-story.tsx';

export const ${c}States = {
  idle: { value: { ${c}: 'idle' } },
  submitting: { value: { ${c}: 'submitting' }, context: { value: 'forty-two' } },
  error: { value: { ${c}: 'idle' }, context: { value: 'forty-two', error: { key: 'error.generic' } } },
  done: { value: 'done' },
} satisfies Record<string, StateSpec>;
`,
    [`stories/${k}.stories.ts`]: `/** \`<fe-${k}>\`: one story per machine state (a snapshot resolved from the machine); preview mode, no network. */
import { ${c}States } from './${k}-states.ts';
import { flowStoriesMeta, type FlowStory } from './support/flow-story.tsx';
import './support/flows.ts';

export default { title: 'Flows/fe-${k}', component: 'fe-${k}', ...flowStoriesMeta('Flows/fe-${k}', 'fe-${k}', ${c}States) };
type Story = FlowStory<typeof ${c}States>;

export const Idle: Story = { args: { state: 'idle' } };
export const Submitting: Story = { args: { state: 'submitting' } };
export const Failed: Story = { args: { state: 'error' } };
export const Done: Story = { args: { state: 'done' } };
`,
    [`test/${k}.test.ts`]: `import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { FeAppElement } from '../elements/fe-app.ts';
import '../elements/fe-${k}.ts';
import type { FlowEmitted } from '../machines/flow.ts';
import { ${c}Machine } from '../machines/${k}.machine.ts';
import { ${c}States } from '../stories/${k}-states.ts';
import '../stories/support/flows.ts';
import { stepOf } from './helpers/emulator.ts';

function run(submit: (value: string) => Promise<unknown>) {
  const emitted: FlowEmitted[] = [];
  const actor = createActor(${c}Machine.provide({ actors: { submit${P}: fromPromise(({ input }) => submit(input.value)) } }), { input: {} });
  actor.on('*', (e) => emitted.push(e as FlowEmitted));
  actor.start();
  return { actor, emitted };
}

describe('${k} machine', () => {
  it('idle → submitting → done with the trimmed value', async () => {
    const sent: string[] = [];
    const { actor, emitted } = run(async (v) => void sent.push(v));
    actor.send({ type: 'value.submit', value: ' 42 ' });
    expect(actor.getSnapshot().hasTag('busy')).to.equal(true);
    await waitFor(actor, (s) => s.matches('done'));
    expect(sent).to.deep.equal(['42']);
    expect(emitted).to.deep.equal([]);
  });

  it('a failure goes back to idle with the error, emitted', async () => {
    const { actor, emitted } = run(() => Promise.reject(new Error('Nope')));
    actor.send({ type: 'value.submit', value: 'x' });
    await waitFor(actor, (s) => !!s.context.error);
    expect(actor.getSnapshot().matches({ ${c}: 'idle' })).to.equal(true);
    expect(emitted).to.deep.equal([{ type: 'error', error: { message: 'Nope', statusCode: undefined, traceId: undefined } }]);
  });
});

describe('<fe-${k}> accessibility (axe-core) in every state', () => {
  for (const [name, spec] of Object.entries(${c}States)) {
    it(\`${k} \${name} has no axe violations\`, async () => {
      const app = await fixture<FeAppElement>(html\`<fe-app preview base-url="https://preview.invalid"><fe-${k}-story state=\${JSON.stringify(spec)}></fe-${k}-story></fe-app>\`);
      const el = app.querySelector('fe-${k}-story') as HTMLElement;
      await waitUntil(() => stepOf(el), 'rendered', { timeout: 10000 });
      await expect(el).to.be.accessible();
    });
  }
});
`,
  };
}

/**
 * Writes flow `name` under `root` (default the repository).
 * @returns the paths written.
 * @throws Error when the name is not kebab-case or a file exists already.
 */
export function writeFlow(name, root = join(dirname(fileURLToPath(import.meta.url)), '..')) {
  const files = flowFiles(name);
  for (const path of Object.keys(files)) if (existsSync(join(root, path))) throw new Error(`${path} exists already`);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  const { camel, pascal } = namesOf(name);
  // the messages' keys in the catalogue's key type
  const en = join(root, 'src/i18n/en.ts');
  const keys = readFileSync(en, 'utf8').replace(
    /(export type MessageKey =\n(?:\s+\|[^\n]*\n)*?)(\s+\|[^\n]*;)\n/,
    (_, head, last) => `${head}${last.replace(/;$/, '')}\n  | keyof typeof import('./en-${name}.ts').en${pascal};\n`,
  );
  writeFileSync(en, keys);
  // the story element
  const flows = join(root, 'stories/support/flows.ts');
  const story = readFileSync(flows, 'utf8').replace(
    "import { defineFlowStory } from './flow-story.tsx';",
    `import { ${camel}Flow } from '../../elements/fe-${name}.ts';\nimport { defineFlowStory } from './flow-story.tsx';`,
  );
  writeFileSync(flows, `${story.trimEnd()}\ndefineFlowStory('fe-${name}-story', ${camel}Flow);\n`);
  return [...Object.keys(files), 'src/i18n/en.ts', 'stories/support/flows.ts'];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const name = process.argv[2];
  if (!name) {
    console.error('usage: npm run new:flow -- <kebab-case-name>');
    process.exit(2);
  }
  for (const path of writeFlow(name)) console.log(`wrote ${path}`);
  console.log(
    `\nThen, to publish it: vite.config.ts (signInEntries) 'fe-${name}': 'elements/fe-${name}.ts', package.json "exports" (./fe-${name} and ./lite/fe-${name}), and export the class from elements/sign-in.ts.`,
  );
}
