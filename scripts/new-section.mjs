/**
 * `npm run new:section -- <id>`: writes one admin portal section end to end in the kit's shape (house-style §9,
 * issue "Admin kit" item 2), for a section id of the registry that is not built yet (`usage`, `webhooks` …):
 *
 * - src/api/<name>.ts                       the API area: `create<Name>Api(client)`, a paged list call
 * - src/admin/resources/<name>.ts           `create<Name>Resource(q, client)`: a paged list (resources/paged.ts)
 * - src/admin/<name>/<Name>View.tsx, index.ts, preview.ts   the section chunk: search, table, pager, designed
 *                                           states, write controls only for `can('write')`; its preview data
 * - src/admin/<name>/messages/{en,de,he}.ts  its texts (German and Hebrew start as English: translate them)
 * - src/admin/<name>/<name>.css.ts           its own classes (beside the kit's, src/admin/ui/admin.css.ts)
 * - elements/admin/fe-admin-<name>.ts       the section element
 * - stories/admin-<name>.stories.ts         loading, empty, error, filled
 * - test/admin/<name>.test.ts               Chromium against the emulator: rows, search, read-only, no access, axe
 * - emulator/src/routes/admin/<name>.ts, emulator/test/admin-<name>.test.ts   the route module (list, add) and its
 *                                           test with Frontegg-style calls; its table in emulator/src/db/schema.ts
 *
 * and registers it where the kit lists things: the section's entry in src/admin/shell/sections.ts (chunk and texts:
 * the one list a section edits), the element's export (elements/index.ts) and package entry (package.json
 * `exports`), the route module's mount (emulator/src/app.ts), its table in `resettableTables`, and its migration,
 * generated from schema.ts by drizzle-kit (emulator/drizzle/).
 * When the emulator serves the area already (`emulator/src/routes/admin/<name>.ts` exists), only the client side is
 * written. `<id>` is the registry's camelCase id; files use its kebab-case name (`allAccounts` → `all-accounts`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** `allAccounts` → `{ id: 'allAccounts', kebab: 'all-accounts', camel: 'allAccounts', pascal: 'AllAccounts', snake: 'all_accounts', upper: 'ALL_ACCOUNTS' }`. */
export function namesOf(id) {
  if (!/^[a-z][a-zA-Z0-9]*$/.test(id)) throw new Error(`a section id is camelCase (e.g. webhooks, allAccounts), not "${id}"`);
  const kebab = id.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  const snake = kebab.replace(/-/g, '_');
  return { id, kebab, camel: id, pascal: id[0].toUpperCase() + id.slice(1), snake, upper: snake.toUpperCase() };
}

/** The files of section `id`: path → content. `keys` are its registry permission keys ({ read, write }). */
export function sectionFiles(id, keys) {
  const { kebab: k, camel: c, pascal: P, upper: U } = namesOf(id);
  const readKey = keys.read[0] ?? '';
  const writeKey = keys.write[0] ?? '';
  const api = `/${k}/resources/v1`;
  return {
    [`src/api/${k}.ts`]: `/**
 * ${P} (scaffolded by \`npm run new:section\`): the API area of the ${c} section. Calls send
 * \`frontegg-source: admin-portal\`, take a trailing {@link CallOptions} and reject with an \`FeApiError\`.
 */
import type { ApiClient } from './client.ts';
import { adminOptions } from './admin-request.ts';
import type { CallOptions } from './request.ts';

/** Paths, without the \`/{prefix}\`. */
export const ${U}_PATHS = Object.freeze({ list: '${api}' });

/** One ${c} item. \`createdAt\` is an ISO date. */
export interface ${P}Item {
  id: string;
  name: string;
  createdAt: string;
}

/** A page of items: \`_metadata\` counts rows and pages. */
export interface ${P}Page {
  items: ${P}Item[];
  _metadata: { totalItems: number; totalPages: number };
}

/** The list query: rows from \`_offset\`, \`_limit\` of them, \`_filter\` by name, sorted by \`_sortBy\` in \`_order\`. */
export interface ${P}Query {
  _offset: number;
  _limit: number;
  _filter?: string;
  _sortBy?: 'name' | 'createdAt';
  _order?: 'ASC' | 'DESC';
}

/** Creates the ${c} calls on top of \`client\`. */
export function create${P}Api(client: ApiClient) {
  return {
    /** \`GET ${api}\`: one page of items. */
    list(query: ${P}Query, o?: CallOptions): Promise<${P}Page> {
      return client.get<${P}Page>(${U}_PATHS.list, adminOptions(o, { query: { ...query } }));
    },
    /** \`POST ${api}\` with \`{ name }\`: the item made. */
    add(input: { name: string }, o?: CallOptions): Promise<${P}Item> {
      return client.post<${P}Item>(${U}_PATHS.list, input, adminOptions(o));
    },
  };
}
`,
    [`src/admin/resources/${k}.ts`]: `/**
 * The ${c} section's server data (scaffolded by \`npm run new:section\`): a paged list of items and the writes on
 * it. Read by the section through \`resources.use(create${P}Resource)\`.
 */
import type { ApiClient } from '../../api/client.ts';
import { create${P}Api, ${U}_PATHS, type ${P}Item, type ${P}Query } from '../../api/${k}.ts';
import { pagedList, type ListQuery } from './paged.ts';
import type { QueryContext } from './query.ts';

/** The area's paths, for the section's preview data (views take values from resources, not from src/api). */
export { ${U}_PATHS };

/** Key prefix of every ${c} page in the cache. */
export const ${U}_KEY = 'admin/${k}?';
/** Rows a page (admin spec §9). */
export const ${U}_PAGE_SIZE = 20;

/** The API query of a list query. */
export function ${c}Query(query: ListQuery): ${P}Query {
  return {
    _offset: (query.page - 1) * query.pageSize,
    _limit: query.pageSize,
    _filter: query.search || undefined,
    _sortBy: query.sort ? (query.sort.id as ${P}Query['_sortBy']) : undefined,
    _order: query.sort ? (query.sort.desc ? 'DESC' : 'ASC') : undefined,
  };
}

/** Builds the ${c} resource of one app. */
export function create${P}Resource(q: QueryContext, client: ApiClient) {
  const api = create${P}Api(client);
  const list = pagedList<${P}Item>(q, {
    key: ${U}_KEY,
    pageSize: ${U}_PAGE_SIZE,
    load: async (query) => {
      const page = await api.list(${c}Query(query));
      return { items: page.items, total: page._metadata.totalItems, totalPages: page._metadata.totalPages };
    },
  });
  return {
    /** The section's list: its query (page, search, sort) and state. */
    list,
    /** Adds an item: prepended to the page on screen. @throws FeApiError */
    add: q.mutation<{ name: string }, ${P}Item>(async (input) => {
      const item = await api.add(input);
      list.editCurrent((page) => ({ ...page, items: [item, ...page.items], total: page.total === undefined ? undefined : page.total + 1 }));
      return item;
    }),
  };
}
`,
    [`src/admin/${k}/index.ts`]: `/** The ${c} section chunk (loaded on demand by the portal and its section element), with its preview answers. */
import { addPreviewRoutes } from '../../preview/section-routes.ts';
import { preview${P} } from './preview.ts';

addPreviewRoutes(preview${P});

export { ${P}View as default } from './${P}View.tsx';
`,
    [`src/admin/${k}/preview.ts`]: `/** The ${c} section's canned data in preview mode (\`<fe-app preview>\`): a few items, searched by name. */
import type { SectionPreviewRoutes } from '../../preview/section-routes.ts';
import type { ${P}Item } from '../../api/${k}.ts';
import { ${U}_PATHS } from '../resources/${k}.ts';

/** The canned items. */
export const PREVIEW_${U}: ${P}Item[] = ['Alpha', 'Bravo', 'Charlie'].map((name, i) => ({ id: \`${k}-\${i + 1}\`, name, createdAt: new Date(Date.UTC(2030, 0, i + 1)).toISOString() }));

/** GET answers a page of the canned items; POST answers the item as if made. */
export const preview${P}: SectionPreviewRoutes = (req) => {
  if (req.path !== ${U}_PATHS.list) return null;
  if (req.method === 'POST') return { status: 201, body: { id: '${k}-new', name: String(req.body?.name ?? ''), createdAt: new Date(req.now).toISOString() } };
  const filter = (req.query.get('_filter') ?? '').toLowerCase();
  const items = PREVIEW_${U}.filter((x) => x.name.toLowerCase().includes(filter));
  return { status: 200, body: { items, _metadata: { totalItems: items.length, totalPages: items.length ? 1 : 0 } } };
};
`,
    [`src/admin/${k}/${P}View.tsx`]: `/**
 * The ${c} section (scaffolded by \`npm run new:section\`): a server-paged, searchable, sortable table of the
 * account's items, with its designed states (loading, empty, no match, error with a retry) and an add form for an
 * admin who may write (\`can('write')\`). The list's query lives in its store (resources/${k}.ts).
 */
import { useStore } from '@nanostores/react';
import { useMemo, useState, type FormEvent } from 'react';
import type { ${P}Item } from '../../api/${k}.ts';
import { create${P}Resource } from '../resources/${k}.ts';
import { useSection } from '../shell/context.ts';
import { useDateTime } from '../shell/use-date-time.ts';
import * as css from '../ui/admin.css.ts';
import { DataTable, type ColumnDef } from '../ui/data-table.tsx';
import { TextField } from '../ui/form.tsx';
import { Pagination } from '../ui/pagination.tsx';
import { SectionHeader } from '../ui/section-header.tsx';
import { EmptyState, ErrorSlot, LoadStates } from '../ui/states.tsx';
import { useDebouncedSearch } from '../ui/use-search.ts';
import { useSave } from '../ui/use-save.ts';
import * as ${c}Css from './${k}.css.ts';

/** The ${c} section view. */
export function ${P}View() {
  const section = useSection();
  const { t, resources, toasts } = section;
  const dateText = useDateTime();
  const ${c} = resources.use(create${P}Resource);
  const query = useStore(${c}.list.$query);
  const state = useStore(${c}.list.$state);
  const { text: search, setText: setSearch } = useDebouncedSearch(${c}.list.setSearch, query.search);
  const canWrite = section.can('write');
  const columns = useMemo<ColumnDef<${P}Item, unknown>[]>(
    () => [
      { id: 'name', accessorKey: 'name', header: t('admin.${c}.col.name'), size: 260, enableSorting: true },
      {
        id: 'createdAt',
        accessorKey: 'createdAt',
        header: t('admin.${c}.col.createdAt'),
        size: 160,
        enableSorting: true,
        cell: ({ row }) => dateText(row.original.createdAt),
      },
    ],
    [t, dateText],
  );

  // an add form for an admin who may write: a failed save keeps what was typed
  const [name, setName] = useState('');
  const save = useSave();
  const add = (e: FormEvent) => {
    e.preventDefault();
    void save.run(
      () => ${c}.add.run({ name: name.trim() }),
      (item) => {
        toasts.show(t('admin.${c}.added', { name: item.name }));
        setName('');
      },
    );
  };

  return (
    <section className={css.section} aria-labelledby="fe-${k}-title" aria-busy={state.loading || undefined}>
      <SectionHeader titleId="fe-${k}-title" title={t('admin.${c}.title')} />
      {canWrite ? (
        <form className={${c}Css.addForm} onSubmit={add} aria-busy={save.busy || undefined}>
          <TextField label={t('admin.${c}.name')} fieldId="fe-${k}-name" name="name" value={name} onChange={(e) => setName(e.target.value)} required autoComplete="off" />
          <button type="submit" className={css.button} disabled={save.busy || !name.trim()}>
            {save.busy ? t('admin.${c}.adding') : t('admin.${c}.add')}
          </button>
        </form>
      ) : (
        <p className={css.muted}>{t('admin.${c}.readOnly')}</p>
      )}
      <ErrorSlot error={save.error} />
      <div className={css.toolbar} role="search">
        <TextField label={t('admin.${c}.searchLabel')} fieldId="fe-${k}-search" type="search" value={search} onChange={(e) => setSearch(e.target.value)} autoComplete="off" />
      </div>
      <LoadStates state={state} retry={${c}.list.retry}>
        <>
          <DataTable
            label={t('admin.${c}.table')}
            columns={columns}
            data={state.data?.items ?? []}
            getRowId={(x) => x.id}
            sorting={query.sort ? [query.sort] : []}
            onSortingChange={(s) => ${c}.list.setSort(s[0] ?? null)}
            manualSorting
            empty={query.search ? <EmptyState title={t('admin.${c}.noMatch', { query: query.search })} /> : <EmptyState title={t('admin.${c}.empty')} />}
          />
          <Pagination page={query.page} totalPages={state.data?.totalPages ?? 1} total={state.data?.total} onPage={${c}.list.setPage} busy={state.loading} />
        </>
      </LoadStates>
    </section>
  );
}
`,
    [`src/admin/${k}/${k}.css.ts`]: `/** Styles of the ${c} section (its own classes; the kit's are in src/admin/ui/admin.css.ts), adopted with the kit's into each admin element's shadow root (src/admin/ui/styles.ts). */
import { style } from '@vanilla-extract/css';
import { toolbar } from '../ui/admin.css.ts';

/** The add form: the name field and its button on one line, aligned at their bottom. */
export const addForm = style([toolbar, { alignItems: 'flex-end' }]);
`,
    ...Object.fromEntries(
      ['en', 'de', 'he'].map((lang) => [
        `src/admin/${k}/messages/${lang}.ts`,
        lang === 'en'
          ? `/** English messages of the admin portal's ${c} section (pure data: loaded with the section, src/admin/shell/sections.ts). */
export const enAdmin${P} = {
${messageLines(c)}
} as const;

declare module '../../../i18n/en.ts' {
  /** The ${c} section's keys join the catalogue's keys (\`MessageKey\`): no list of sections to edit. */
  interface SectionMessages extends Record<keyof typeof enAdmin${P}, string> {}
}
`
          : `import type { enAdmin${P} } from './en.ts';

/** ${lang === 'de' ? 'German' : 'Hebrew'} messages of the admin portal's ${c} texts (every key of \`./en.ts\`), pure data, loaded with the section. */
// scaffolded in English by \`npm run new:section\`: translate before release
export const ${lang}Admin${P}: Record<keyof typeof enAdmin${P}, string> = {
${messageLines(c)}
};
`,
      ]),
    ),
    [`elements/admin/fe-admin-${k}.ts`]: `import { addMessages } from '../../src/i18n/index.ts';
import { enAdmin } from '../../src/i18n/en-admin.ts';
import { adminCss } from '../../src/admin/ui/styles.ts';
import { sectionElement } from '../internal/section-element.tsx';
import { defineElement } from '../internal/react-element.ts';
import '../fe-app.ts';

addMessages('en', enAdmin);

/**
 * The ${c} section on its own (scaffolded by \`npm run new:section\`): the account's items in a server-paged,
 * searchable, sortable table; an admin with \`${writeKey || 'its write key'}\` adds items. Needs \`${readKey || 'nothing'}\`
 * (without it: "You don’t have access to this section." and no request). Must sit inside \`<fe-app>\`.
 *
 * @tag fe-admin-${k}
 * @summary The ${c} section of the admin portal.
 *
 * @csspart error - A failure (an ARIA alert).
 * @cssprop [--fe-color-primary=#4f46e5] - Brand colour of buttons and links.
 * @cssprop [--fe-color-surface=#ffffff] - Background of the table.
 */
export class FeAdmin${P}Element extends sectionElement('${c}', adminCss) {}

defineElement('fe-admin-${k}', FeAdmin${P}Element);

declare global {
  interface HTMLElementTagNameMap {
    'fe-admin-${k}': FeAdmin${P}Element;
  }
}
`,
    [`stories/admin-${k}.stories.ts`]: `/** \`<fe-admin-${k}>\`: the ${c} section in each designed state, preview mode (canned items), no network. */
import { adminStoriesMeta, type AdminStory } from './support/admin-story.tsx';
import '../elements/admin/fe-admin-${k}.ts';

// an object literal with a literal title: Storybook's static indexer reads the default export
export default { title: 'Admin/${P}', component: 'fe-admin-${k}', ...adminStoriesMeta('Admin/${P}', '${c}') };

export const Filled: AdminStory = { args: { scenario: 'filled' } };
export const Empty: AdminStory = { args: { scenario: 'empty' } };
export const Loading: AdminStory = { args: { scenario: 'loading' } };
export const Failed: AdminStory = { args: { scenario: 'error' } };
`,
    [`test/admin/${k}.test.ts`]: `/**
 * <fe-admin-${k}> (scaffolded by \`npm run new:section\`): against the emulator, an item added through the API is
 * listed, found by search, added through the form (read back from the server); a read-only admin sees no write
 * control; a user without the read key sees the no-access state; every designed state of the stories has no axe
 * violation.
 */
import { expect, waitUntil } from '@open-wc/testing';
import '../../elements/admin/fe-admin-${k}.ts';
import '../../stories/support/admin-story.tsx';
import { ADMIN, resetEmulator } from '../helpers/emulator.ts';
import {
  api,
  button,
  expectAccessibleWhen,
  expectNoAccess,
  renderSection,
  renderStory,
  retype,
  root,
  rowsOf,
  shown,
  signIn,
  signInAsReader,
  signInWithoutRoles,
  SLOW,
  alertText,
} from './helpers.ts';

const PATH = '/frontegg${api}';
const render${P} = () => renderSection('fe-admin-${k}');
/** The names shown, row by row (the first cell). */
const names = (el: HTMLElement) => rowsOf(el).map((r) => r.querySelector('td')?.textContent);

describe('<fe-admin-${k}> against the emulator', () => {
  beforeEach(async () => {
    await resetEmulator();
  });

  it('lists the account\\'s items, finds one by name, and adds one (read back from the server)', async () => {
    const token = await signIn(ADMIN);
    await api(token, 'POST', PATH, { name: 'Zulu' });
    await api(token, 'POST', PATH, { name: 'Yankee' });
    const el = await render${P}();
    await waitUntil(() => rowsOf(el).length === 2, 'rows', SLOW);
    const search = root(el).querySelector<HTMLInputElement>('input[type=search]')!;
    await retype(search, 'yank');
    await waitUntil(() => rowsOf(el).length === 1 && names(el)[0] === 'Yankee', 'found', SLOW);
    await retype(root(el).querySelector<HTMLInputElement>('input[name=name]')!, 'Victor');
    button(root(el), 'Add')!.click();
    await waitUntil(() => shown(el, '“Victor” added.'), 'toast', SLOW);
    const stored = await api<{ items: { name: string }[] }>(token, 'GET', \`\${PATH}?_offset=0&_limit=20&_filter=Victor\`);
    expect(stored.items.map((x) => x.name)).to.deep.equal(['Victor']);
    await expect(el).to.be.accessible();
  });

  it('a read-only admin (the read key, no write key) sees the items and no write control', async () => {
    const token = await signIn(ADMIN);
    await api(token, 'POST', PATH, { name: 'Zulu' });
    await signInAsReader();
    const el = await render${P}();
    await waitUntil(() => rowsOf(el).length === 1, 'rows', SLOW);
    expect(button(root(el), 'Add')).to.equal(undefined);
    expect(root(el).querySelector('input[name=name]')).to.equal(null);
    expect(shown(el, 'You can view')).to.equal(true);
  });

  it('SI-6.01 a user without the read key sees "You don’t have access to this section." and no table', async () => {
    await signInWithoutRoles();
    await expectNoAccess(await render${P}(), 'table');
  });
});

describe('<fe-admin-${k}> designed states (preview)', () => {
  const states: [string, (el: HTMLElement) => unknown][] = [
    ['filled', (el) => rowsOf(el).length === 3],
    ['empty', (el) => shown(el, 'Nothing here yet')],
    ['loading', (el) => root(el).querySelector('[role=status]')?.textContent?.includes('Loading…')],
    ['error', (el) => alertText(el).includes('Service temporarily unavailable')],
  ];
  for (const [scenario, ready] of states) {
    it(\`\${scenario} has no axe violations\`, async () => {
      await expectAccessibleWhen(await renderStory('${c}', scenario), ready, scenario);
    });
  }
});
`,
    [`emulator/src/routes/admin/${k}.ts`]: `/**
 * Admin routes of the ${c} section (scaffolded by \`npm run new:section\`): the account's items.
 *
 * - \`GET /frontegg${api}\` — the caller's tenant only; \`_offset\` (default 0), \`_limit\` (default 20, at most 1000),
 *   \`_filter\` (by name, case-insensitive), \`_sortBy\` (name | createdAt, default createdAt), \`_order\` (ASC | DESC,
 *   default DESC). Answers \`{ items, _metadata: { totalItems, totalPages } }\`.
 * - \`POST /frontegg${api}\` with \`{ name }\` (1–200 characters) → 201 and the item; one audit row (\`${k}.item.added\`).
 *
 * Reads need \`${readKey}\`, writes \`${writeKey || readKey}\` (403 \`Not authorized\`).
 */
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import { and, asc, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import { ${c}Items } from '../../db/schema.ts';
import { audit } from '../../audit.ts';
import { guard } from '../../http/auth.ts';
import { requirePermission } from '../../http/permissions.ts';
import { parseBody } from '../../http/body.ts';
import { parseQuery, q } from '../../http/query.ts';
import { metadataPage } from '../../http/pager.ts';
import type { AppEnv } from '../../http/env.ts';
import { emulatorDate } from '../../clock.ts';

export const admin${P}Routes = new Hono<AppEnv>();

const PATH = '${api}';
guard(admin${P}Routes, PATH);

const listQuery = z.object({
  _offset: q.int(0, 0),
  _limit: q.int(20, 1, 1000),
  _filter: q.text(),
  _sortBy: q.oneOf(['name', 'createdAt'] as const, 'createdAt'),
  _order: q.oneOf(['ASC', 'DESC'] as const, 'DESC'),
});
const addBody = z.object({ name: z.string().trim().min(1).max(200) });

admin${P}Routes.get(PATH, requirePermission('${readKey}'), async (c) => {
  const query = parseQuery(c, listQuery);
  const where: SQL[] = [eq(${c}Items.tenantId, c.var.auth!.tenantId)];
  if (query._filter) where.push(ilike(${c}Items.name, \`%\${query._filter.replace(/[\\\\%_]/g, (m) => \`\\\\\${m}\`)}%\`));
  const column = query._sortBy === 'name' ? ${c}Items.name : ${c}Items.createdAt;
  const [{ total }] = await c.var.db.select({ total: count() }).from(${c}Items).where(and(...where));
  const rows = await c.var.db
    .select()
    .from(${c}Items)
    .where(and(...where))
    .orderBy(query._order === 'ASC' ? asc(column) : desc(column), asc(${c}Items.id))
    .limit(query._limit)
    .offset(query._offset);
  const items = rows.map((r) => ({ id: r.id, name: r.name, createdAt: r.createdAt.toISOString() }));
  return c.json(metadataPage(items, total, { limit: query._limit, offset: query._offset }));
});

admin${P}Routes.post(PATH, requirePermission('${writeKey || readKey}'), async (c) => {
  const { name } = await parseBody(c, addBody);
  const row = { id: randomUUID(), tenantId: c.var.auth!.tenantId, name, createdAt: await emulatorDate(c.var.db) };
  await c.var.db.insert(${c}Items).values(row);
  await audit(c, { action: '${k}.item.added', targetId: row.id, details: { name } });
  return c.json({ id: row.id, name, createdAt: row.createdAt.toISOString() }, 201);
});
`,
    [`emulator/test/admin-${k}.test.ts`]: `/**
 * Admin routes of the ${c} section (emulator/src/routes/admin/${k}.ts, scaffolded by \`npm run new:section\`): list,
 * search, sort, page, add with its audit row; permissions.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PASSWORD, useAdminEmulator } from './admin-harness.ts';

const PATH = '/frontegg${api}';

describe('admin ${c} routes', () => {
  const h = useAdminEmulator();
  const call = async (token: string, method: string, path: string, body?: unknown) => {
    const r = await h.emu.fetch(
      new Request(\`http://emulator.test\${path}\`, {
        method,
        headers: { authorization: \`Bearer \${token}\`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    return { status: r.status, body: (await r.json()) as Record<string, unknown> };
  };

  it('adds items, lists them newest first, searches, sorts and pages, and audits each add', async () => {
    const token = await h.tokenOf();
    for (const name of ['Alpha', 'Bravo', 'Charlie']) assert.equal((await call(token, 'POST', PATH, { name })).status, 201);
    const all = await call(token, 'GET', \`\${PATH}?_offset=0&_limit=2\`);
    assert.deepEqual(all.body._metadata, { totalItems: 3, totalPages: 2 });
    const byName = await call(token, 'GET', \`\${PATH}?_sortBy=name&_order=ASC&_filter=undefined\`);
    assert.deepEqual((byName.body.items as { name: string }[]).map((x) => x.name), ['Alpha', 'Bravo', 'Charlie']);
    const found = await call(token, 'GET', \`\${PATH}?_filter=rav\`);
    assert.deepEqual((found.body.items as { name: string }[]).map((x) => x.name), ['Bravo']);
    const id = (found.body.items as { id: string }[])[0].id;
    assert.equal((await h.auditRows('${k}.item.added', id)).length, 1);
    assert.equal((await call(token, 'POST', PATH, { name: ' ' })).status, 400);
    assert.equal((await call(token, 'GET', \`\${PATH}?_limit=0\`)).status, 400);
  });

  it('a user without the keys is refused with the one 403 body', async () => {
    await h.makeUser('nobody@acme.test', []);
    const nobody = await h.tokenOf('nobody@acme.test', PASSWORD);
    const refused = await call(nobody, 'GET', PATH);
    assert.equal(refused.status, 403);
    assert.deepEqual(refused.body, { errors: ['Not authorized'] });
    assert.equal((await call(nobody, 'POST', PATH, { name: 'x' })).status, 403);
  });
});
`,
  };
}

/** The English texts of a scaffolded section (the other locales start from them). */
function messageLines(c) {
  return [
    [`admin.${c}.title`, `${c[0].toUpperCase()}${c.slice(1).replace(/[A-Z]/g, (m) => ` ${m.toLowerCase()}`)}`],
    [`admin.${c}.table`, 'Items of this account'],
    [`admin.${c}.searchLabel`, 'Search by name'],
    [`admin.${c}.col.name`, 'Name'],
    [`admin.${c}.col.createdAt`, 'Created'],
    [`admin.${c}.empty`, 'Nothing here yet.'],
    [`admin.${c}.noMatch`, 'Nothing matches “{query}”.'],
    [`admin.${c}.readOnly`, 'You can view these items. Adding them needs the permission to edit them.'],
    [`admin.${c}.name`, 'Name'],
    [`admin.${c}.add`, 'Add'],
    [`admin.${c}.adding`, 'Adding…'],
    [`admin.${c}.added`, '“{name}” added.'],
  ]
    .map(([key, text]) => `  '${key}': '${text.replace(/'/g, "\\'")}',`)
    .join('\n');
}

/** Inserts `line` after the last line of `text` matching `after` (or before `before`), once. */
function insertLine(text, line, { after, before }) {
  if (text.includes(line)) return text;
  const lines = text.split('\n');
  const at = after ? lines.findLastIndex((l) => after.test(l)) + 1 : lines.findIndex((l) => before.test(l));
  if (at <= 0) throw new Error(`no place for: ${line}`);
  lines.splice(at, 0, line);
  return lines.join('\n');
}

/**
 * Writes section `id` into the project at `root` and registers it. Refuses an unknown id, a built section, or
 * existing files. Returns the paths written or edited.
 */
export async function writeSection(root, id, { sections } = {}) {
  const { kebab: k, camel: c, pascal: P, snake: s } = namesOf(id);
  const registry = sections ?? (await import(join(root, 'src/admin/shell/sections.ts'))).SECTIONS;
  const info = registry[id];
  if (!info) throw new Error(`"${id}" is not a section of the registry (src/admin/shell/sections.ts SECTION_IDS)`);
  if (info.built) throw new Error(`the ${id} section is built already`);
  const files = sectionFiles(id, { read: [...info.permissions], write: [...info.write] });
  // an API area the emulator serves already (its route module exists): the client side only
  const served = existsSync(join(root, `emulator/src/routes/admin/${k}.ts`));
  if (served) for (const path of Object.keys(files)) if (path.startsWith('emulator/')) delete files[path];
  for (const path of Object.keys(files)) if (existsSync(join(root, path))) throw new Error(`${path} exists already`);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  const edit = (path, change) => {
    const file = join(root, path);
    writeFileSync(file, change(readFileSync(file, 'utf8')));
    return path;
  };
  const edited = [
    // the registry: the section's chunk and texts
    edit('src/admin/shell/sections.ts', (text) => {
      const line = new RegExp(`^(  ${id}: section\\(.*?)\\),$`, 'm');
      if (!line.test(text)) throw new Error(`no registry line for ${id} in src/admin/shell/sections.ts`);
      return text.replace(line, `$1, { load: () => import('../${k}/index.ts'), messages: texts('${k}') }),`);
    }),
    edit('elements/index.ts', (text) =>
      insertLine(text, `export { FeAdmin${P}Element } from './admin/fe-admin-${k}.ts';`, { after: /^export \{ FeAdmin\w+Element \} from '\.\/admin\// }),
    ),
    edit('package.json', (text) => {
      const pkg = JSON.parse(text);
      const exports = Object.entries(pkg.exports);
      const at = exports.findIndex(([key]) => key === './entitlements');
      exports.splice(at, 0, [`./fe-admin-${k}`, { types: `./dist/types/elements/admin/fe-admin-${k}.d.ts`, import: `./dist/fe-admin-${k}.js` }]);
      pkg.exports = Object.fromEntries(exports);
      return `${JSON.stringify(pkg, null, 2)}\n`;
    }),
  ];
  if (!served)
    edited.push(
      edit('emulator/src/db/schema.ts', (text) =>
        text.includes(`export const ${c}Items`)
          ? text
          : `${text.replace(/^export const resettableTables = \[\n/m, (m) => `${m}  '${s}_items',\n`).trimEnd()}\n\n/** The ${c} section's items (routes/admin/${k}.ts, scaffolded by \`npm run new:section\`). */
export const ${c}Items = pgTable(
  '${s}_items',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    name: text('name').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('${s}_items_tenant_created_at_idx').on(t.tenantId, t.createdAt.desc().nullsFirst())],
);
`,
      ),
      edit('emulator/src/app.ts', (text) => {
        const imported = insertLine(text, `import { admin${P}Routes } from './routes/admin/${k}.ts';`, { after: /^import .* from '\.\/routes\/admin\// });
        return insertLine(imported, `  app.route(API_PREFIX, admin${P}Routes);`, { after: /^ {2}app\.route\(API_PREFIX, admin\w+Routes\);$/ });
      }),
    );
  const written = [...Object.keys(files), ...edited];
  // the project's formatter (Prettier) has the last word on layout
  spawnSync(process.execPath, [join(root, 'node_modules/prettier/bin/prettier.cjs'), '--write', '--log-level', 'warn', ...written], { cwd: root, stdio: 'inherit' });
  if (!served) {
    // the new table's migration, generated from schema.ts by drizzle-kit (offline): emulator/drizzle/NNNN_<name>_items.sql
    const kit = spawnSync(process.execPath, [join(root, 'node_modules/drizzle-kit/bin.cjs'), 'generate', '--name', `${s}_items`], {
      cwd: join(root, 'emulator'),
      encoding: 'utf8',
    });
    if (kit.status !== 0) throw new Error(`drizzle-kit generate failed: ${kit.stderr || kit.stdout}`);
    written.push('emulator/drizzle/');
  }
  return written;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const id = process.argv[2];
  if (!id) {
    console.error('usage: npm run new:section -- <section id>   (a section of src/admin/shell/sections.ts not built yet, e.g. webhooks)');
    process.exit(2);
  }
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  try {
    const written = await writeSection(root, id);
    console.log(`Section ${id}:\n${written.map((f) => `  ${f}`).join('\n')}`);
    console.log(`\nNext: translate src/admin/${namesOf(id).kebab}/messages/{de,he}.ts, run npm run analyze, then npm test.`);
  } catch (error) {
    console.error(`new:section: ${error.message}`);
    process.exit(1);
  }
}
