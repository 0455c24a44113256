/**
 * Admin stories: a section (or the portal) in preview mode, in one of its designed states — `filled` (the canned
 * demo data of src/preview/admin-data.ts: roles Read Only, Admin, Support, Editor, Viewer), `empty` (every list
 * answered empty), `loading` (reads never answer), `error` (reads answer 503) — and, with `dialog`, a dialog open.
 * No network: `<fe-app preview>` signs the preview user in, and the section's resources speak to the preview
 * transport through a scenario wrapper.
 *
 * `<fe-admin-story section="users" scenario="filled" dialog="add">`
 */
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import { AdminRoot } from '../../elements/internal/section-element.tsx';
import { defineElement, reactElement } from '../../elements/internal/react-element.ts';
import { createApiClient } from '../../src/api/client.ts';
import { createAdminResources } from '../../src/admin/resources/index.ts';
import { SectionHost } from '../../src/admin/shell/SectionHost.tsx';
import { isSectionId } from '../../src/admin/shell/sections.ts';
import adminCss from '../../src/admin/ui/admin.css.ts?inline';
import { addMessages } from '../../src/i18n/index.ts';
import { enAdmin } from '../../src/i18n/en-admin.ts';
import { previewFetch } from '../../src/preview/transport.ts';
import { useT } from '../../src/views/shared/flow.tsx';
import { PREVIEW_BASE_URL } from '../render.ts';
import { previewApp } from './preview-app.ts';

addMessages('en', enAdmin);

/** The designed states of an admin view. */
export type AdminScenario = 'filled' | 'empty' | 'loading' | 'error';
export const ADMIN_SCENARIOS: AdminScenario[] = ['filled', 'empty', 'loading', 'error'];

/** The message of the `error` scenario (a server's own text, shown as the error catalogue says). */
export const STORY_ERROR_MESSAGE = 'Service temporarily unavailable';

/** `fetch` of a scenario over the preview transport: reads (GET) are emptied, held or failed; writes go through. */
export function scenarioFetch(scenario: AdminScenario): typeof fetch {
  return async (input, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    if (method !== 'GET' || scenario === 'filled') return previewFetch(input, init);
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
}

function AdminStoryRoot({ container, section, scenario, dialog }: StoryProps & { container?: ShadowRoot | HTMLElement }) {
  const id = isSectionId(section) ? section : 'users';
  const s = (ADMIN_SCENARIOS as string[]).includes(scenario ?? '') ? (scenario as AdminScenario) : 'filled';
  return (
    <AdminRoot
      container={container}
      resources={() =>
        createAdminResources({ client: createApiClient({ baseUrl: PREVIEW_BASE_URL, getAccessToken: () => 'preview', fetch: scenarioFetch(s), requestSource: 'admin-portal' }) })
      }
      body={({ app, base }) => <StoryBody app={app} value={{ ...base, section: id, dialog }} />}
    />
  );
}

function StoryBody({ app, value }: { app: Parameters<typeof useT>[0]; value: Parameters<typeof SectionHost>[0]['value'] }) {
  const t = useT(app);
  return <SectionHost value={value} allowed t={t} />;
}

/** `<fe-admin-story>`: one section in one scenario (attributes `section`, `scenario`, `dialog`). */
export class FeAdminStoryElement extends reactElement<StoryProps>(AdminStoryRoot, { css: adminCss, props: { section: 'string', scenario: 'string', dialog: 'string' } }) {}
defineElement('fe-admin-story', FeAdminStoryElement);

/** Story args of an admin section. */
export interface AdminStoryArgs {
  scenario: AdminScenario;
  dialog?: string;
}

/** `parameters.admin` of a section's stories: the section shown (a story may name another, e.g. `personalApiTokens`). */
export interface AdminStoriesParameter {
  section: string;
}

/**
 * The meta of a section's stories: `<fe-admin-story>` in `<fe-app preview>` with the preview user signed in, the
 * section from `parameters.admin` ({@link AdminStoriesParameter}; test/stories.test.ts reads it too).
 */
export function adminStoriesMeta(title: string, section: string): Meta<AdminStoryArgs> {
  return {
    title,
    argTypes: { scenario: { control: 'select', options: ADMIN_SCENARIOS } },
    parameters: { admin: { section } satisfies AdminStoriesParameter },
    render: ({ scenario, dialog }, { parameters }) => {
      const story = document.createElement('fe-admin-story');
      story.setAttribute('section', (parameters.admin as AdminStoriesParameter | undefined)?.section ?? section);
      story.setAttribute('scenario', scenario);
      if (dialog) story.setAttribute('dialog', dialog);
      return html`${keyed(`${scenario}/${dialog ?? ''}`, previewApp([story], { signedIn: true }))}`;
    },
  };
}

/** A story of an admin section. */
export type AdminStory = StoryObj<AdminStoryArgs>;
