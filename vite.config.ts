import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Alias, type Plugin, type Rollup, type UserConfigFnObject } from 'vite';

type PluginContext = Rollup.PluginContext;
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { vanillaExtractInline } from './tools/vanilla-inline.js';

/**
 * Library build: one ES module per element plus the whole set. React and the
 * rest of the stack are bundled into shared chunks, so a plain HTML host needs
 * no bundler and no import map (README, "Using it without a bundler").
 */
const signInEntries = {
  'fe-app': 'elements/fe-app.ts',
  'fe-login-box': 'elements/fe-login-box.ts',
  'fe-sign-up': 'elements/fe-sign-up.ts',
  'fe-step-up': 'elements/fe-step-up.ts',
  'fe-forgot-password': 'elements/fe-forgot-password.ts',
  'fe-reset-password': 'elements/fe-reset-password.ts',
  'fe-routes': 'elements/fe-routes.ts',
  'fe-activate-account': 'elements/fe-activate-account.ts',
  'fe-unlock-account': 'elements/fe-unlock-account.ts',
  'fe-accept-invitation': 'elements/fe-accept-invitation.ts',
  'fe-impersonate': 'elements/fe-impersonate.ts',
  'fe-reset-phone-number': 'elements/fe-reset-phone-number.ts',
  'fe-tenant-switcher': 'elements/fe-tenant-switcher.ts',
  'fe-open-app': 'elements/fe-open-app.ts',
  'fe-authorized': 'elements/fe-authorized.ts',
};
/**
 * Development elements: an entry each in both builds (`fe-elements/<tag>`, `fe-elements/lite/<tag>`), never part of the
 * sets (`fe-elements`, `fe-elements/lite`) nor reached by another element (test/node/size.test.ts checks the login
 * box and the portal).
 */
const devEntries = {
  'fe-entitlements-inspector': 'elements/fe-entitlements-inspector.ts',
};
const adminEntries = {
  'fe-admin-portal': 'elements/fe-admin-portal.ts',
  // every section element is an entry of its own (elements/admin/fe-admin-<section>.ts): no list to edit
  ...Object.fromEntries(
    readdirSync(fileURLToPath(new URL('./elements/admin', import.meta.url)))
      .filter((f) => /^fe-admin-[a-z-]+\.ts$/.test(f))
      .sort()
      .map((f) => [f.slice(0, -3), `elements/admin/${f}`]),
  ),
};
const entries = {
  'fe-elements': 'elements/index.ts',
  ...signInEntries,
  ...devEntries,
  ...adminEntries,
  // DOM-free: servers check entitlements too
  entitlements: 'src/entitlements/index.ts',
};

/**
 * `fe-elements/lite` (vite.lite.config.ts, `dist/lite/`): every element from the same modules, with React and
 * react-dom (and their JSX runtimes) resolved to preact/compat by the bundler (react-aria runs on it). Its main
 * entry is the sign-in set (pages that only sign people in load no portal code); the admin portal and each section
 * element are entries of their own, as in the full build.
 */
const liteEntries = { 'fe-elements': 'elements/sign-in.ts', ...signInEntries, ...devEntries, ...adminEntries };

/** react, react-dom and their JSX runtimes → preact/compat (exact ids only: `react-aria` & co. are not React). */
export const preactAliases: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  // preact/compat with a createPortal that React Aria's collections can render into (tools/preact-dom.js)
  { find: /^react-dom$/, replacement: fileURLToPath(new URL('./tools/preact-dom.js', import.meta.url)) },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  // what the admin elements need of the renderer beyond React's API: nothing on React, more on Preact
  { find: /^.*\/tools\/react-parity\.js$/, replacement: fileURLToPath(new URL('./tools/preact-parity.js', import.meta.url)) },
];

/** The modules `root` reaches through static imports, `root` included (in a plugin's `buildEnd`). */
function staticGraphOf(ctx: PluginContext, root: string): Set<string> {
  const modules = new Set<string>();
  const queue = [root];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (modules.has(id)) continue;
    modules.add(id);
    queue.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  return modules;
}

/** What the entries other than `root` reach, through static and dynamic imports, without passing through `root`. */
function reachedWithout(ctx: PluginContext, root: string): Set<string> {
  const reached = new Set<string>();
  const queue = [...ctx.getModuleIds()].filter((id) => id !== root && ctx.getModuleInfo(id)?.isEntry);
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (id === root || reached.has(id)) continue;
    reached.add(id);
    const info = ctx.getModuleInfo(id);
    queue.push(...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? []));
  }
  return reached;
}

/**
 * A shared chunk chosen by a rule, not by a list of files: `pick` gives its modules once the module graph is known,
 * from the resolved id of `module`. `test` is the chunk group's test.
 */
function graphChunk(name: string, module: string, pick: (ctx: PluginContext, root: string) => Set<string>): { plugin: Plugin; test: (id: string) => boolean } {
  let modules = new Set<string>();
  const plugin: Plugin = {
    name: `fe-${name}-chunk`,
    apply: 'build',
    async buildEnd() {
      const root = (await this.resolve(fileURLToPath(new URL(module, import.meta.url))))?.id;
      modules = root ? pick(this, root) : new Set();
    },
  };
  return { plugin, test: (id) => modules.has(id) };
}

/**
 * The first-input chunk: every module the `fe-login-box` entry reaches through static imports (what the box needs
 * before its first input: the stack and our core; dynamic imports — later steps, other areas' messages, WebAuthn —
 * stay out), except the login box's own modules: those no other entry reaches without passing through
 * `fe-login-box` (its machine, view and actors), which the bundler puts in a chunk of the login box's own. One
 * chunk for the shared part, so a page with one element loads its entry and that chunk (the login box also its own
 * code, side by side: no extra round trip); every other element reuses the chunk without the login box's code in it
 * (the admin portal loaded 3.4 KiB gzip of it before its first row).
 */
const firstInputChunk = (entry: string) =>
  graphChunk('first-input', entry, (ctx, root) => {
    const shared = reachedWithout(ctx, root);
    return new Set([...staticGraphOf(ctx, root)].filter((id) => shared.has(id)));
  });

/**
 * The admin shell's chunk: what every admin element (the portal, each section element) loads before its section and
 * nothing else loads — the modules `elements/internal/section-element.tsx` reaches statically that no entry reaches
 * without passing through it, less those that import a module outside the chunk and the first-input chunk (the
 * bundler puts a chunk's imports in it too) — in one file instead of eight small ones.
 */
function adminShellChunk(firstInput: (id: string) => boolean) {
  return graphChunk('admin-shell', 'elements/internal/section-element.tsx', (ctx, root) => {
    const elsewhere = reachedWithout(ctx, root);
    const modules = new Set([...staticGraphOf(ctx, root)].filter((id) => !elsewhere.has(id) && !firstInput(id)));
    for (let changed = true; changed;) {
      changed = false;
      for (const id of modules) {
        if ((ctx.getModuleInfo(id)?.importedIds ?? []).some((dep) => !modules.has(dep) && !firstInput(dep))) {
          modules.delete(id);
          changed = true;
        }
      }
    }
    return modules;
  });
}

/**
 * The admin kit's chunk: its small shared pieces (src/admin/ui/…) that most sections import and that import nothing
 * but React, the shell and each other (not row menus or tabs: those bring React Aria), with the paged resource and
 * the admin request helper. Together they compress better and load in one request; a section that uses few of them
 * loads them all (about 1 KiB gzip at most).
 */
const ADMIN_KIT = /\/src\/admin\/(ui\/(form|section-header|use-save|use-inline-action|select|pagination|chips|user-cell)|resources\/paged)\.tsx?$|\/src\/api\/admin-request\.ts$/;

/** @nanostores/query's `nanostores` import → tools/nanostores-for-query.js (no server-rendering task counting). */
function nanoqueryWithoutTasks(): Plugin {
  const shim = fileURLToPath(new URL('./tools/nanostores-for-query.js', import.meta.url));
  return {
    name: 'fe-nanoquery-without-tasks',
    enforce: 'pre',
    resolveId: (source, importer) => (source === 'nanostores' && importer?.includes('/@nanostores/query/') ? shim : null),
  };
}

/**
 * `__FE_LITE__` → `true` in `fe-elements/lite`, `false` in `fe-elements`: which entry this copy of the code is
 * (elements/internal/react-element.ts defineElement names it). A transform, not `define`: Vite's dev server does not
 * replace `define` keys in client code (its client script sets them as globals, and the tests' pages have none).
 */
function entryFlag(lite: boolean): Plugin {
  return {
    name: 'fe-entry-flag',
    transform: (code) => (code.includes('__FE_LITE__') ? { code: code.replace(/\b__FE_LITE__\b/g, String(lite)), map: null } : null),
  };
}

/**
 * The library build, `lite` or not: on React (`dist/`), or on preact/compat (`dist/lite/`, `__FE_LITE__` true). The tests' Vite (tools/wtr-vite.js) and Storybook use the same config.
 */
export function elementsConfig(lite: boolean): UserConfigFnObject {
  const firstInput = firstInputChunk((lite ? liteEntries : entries)['fe-login-box']);
  const adminShell = adminShellChunk(firstInput.test);
  return ({ command }) => ({
    // the tests' Vite pre-bundles other dependencies for lite (react → preact/compat): a cache of its own, no rebuilds
    ...(lite ? { cacheDir: 'node_modules/.vite-lite' } : {}),
    plugins: [vanillaExtractInline(), vanillaExtractPlugin(), nanoqueryWithoutTasks(), entryFlag(lite), firstInput.plugin, adminShell.plugin],
    resolve: {
      alias: [
        // @xstate/react imports the React 17 shims of useSyncExternalStore; React 19 has it built in
        {
          find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
          // lite: an ES module of it (tools/with-selector.js), so that preact/compat's unused exports are dropped
          replacement: lite ? fileURLToPath(new URL('./tools/with-selector.js', import.meta.url)) : 'use-sync-external-store/with-selector.js',
        },
        { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: fileURLToPath(new URL('./tools/react-sync-external-store.js', import.meta.url)) },
        ...(lite ? preactAliases : []),
      ],
    },
    define: command === 'build' ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
    build: {
      target: 'es2022',
      outDir: lite ? 'dist/lite' : 'dist',
      emptyOutDir: true,
      lib: {
        entry: lite ? liteEntries : entries,
        formats: ['es'],
      },
      rolldownOptions: {
        output: {
          // shared chunks are named after what they hold, not after a stylesheet that happens to come first
          chunkFileNames: (chunk) => (chunk.name.includes('.css') ? 'chunks/elements-[hash].js' : 'chunks/[name]-[hash].js'),
          minify: true,
          // What the first input of any element needs goes into one chunk (vendors and our core), so a page
          // with one element loads its entry and that chunk: fewer round trips, better compression.
          // ofetch (and its ufo, destr) loads with the first request (src/api/client.ts): a chunk named after it
          codeSplitting: {
            groups: [
              { name: 'elements', test: firstInput.test },
              { name: 'admin', test: adminShell.test },
              // the admin kit's small pieces most sections use (and that import no other library): one chunk instead
              // of one file each (a section loaded ten files of 0.1–2.6 KiB; the portal with the users section is
              // 1.3 KiB gzip lighter before its first row, issue 30 item 8)
              { name: 'admin-kit', test: ADMIN_KIT },
              { name: 'ofetch', test: /\/node_modules\/(ofetch|ufo|destr)\// },
              // the permission rule and the portal's section ids: tiny, and loaded together by every element that checks
              // access (the portal, each section, `<fe-authorized>`): one file, whichever other entries reach one of them
              // (the inspector reaches the rule, not the ids: apart, they cost the lite portal a request and 0.1 KiB)
              { name: 'permissions', test: /\/src\/(entitlements\/permissions|admin\/shell\/ids)\.ts$/ },
              // the ICU formatter and the catalogue parts' loader: loaded together by the portal, each section and a login
              // box in another locale (src/i18n/locale.ts): one file, whichever other entries reach one of them (the
              // inspector reaches the parts, not the formatter: apart, they cost the lite portal a request and 0.1 KiB)
              { name: 'icu', test: /\/src\/i18n\/(icu|parts)\.ts$/ },
            ],
          },
        },
      },
    },
  });
}

export default defineConfig(elementsConfig(false));
