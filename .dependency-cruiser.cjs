/**
 * Dependency rules of docs "architecture" (arrows): stories/test → elements → views → machines → src/{app, api, stores, i18n, events}.
 * Run with `npm run deps`. Type-only imports are seen (tsPreCompilationDeps) and count for circles.
 * dependency-cruiser needs the JavaScript build of TypeScript (<7): the `deps` script preloads
 * tools/lint/typescript6.mjs, which points `typescript` at tools/lint/node_modules/typescript (6.0.x).
 * @type {import('dependency-cruiser').IConfiguration}
 */

// Without the TypeScript JS API dependency-cruiser does not fail: it cruises 0 .ts modules and reports
// "no dependency violations found". Fail loudly instead (e.g. when run as `npx depcruise` without the preload).
const typescript = require(require.resolve('typescript', { paths: [`${__dirname}/node_modules/dependency-cruiser`] }));
if (!typescript.SyntaxKind) {
  throw new Error(`dependency-cruiser would load typescript ${typescript.version} (no JS API): run it with \`npm run deps\` (preloads tools/lint/typescript6.mjs)`);
}

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import circles in src/, machines/, elements/, stories/, emulator/src/ — type-only imports included.',
      from: { path: '^(src|machines|elements|stories|emulator/src)/' },
      to: { circular: true },
    },
    {
      name: 'views-not-to-api-or-elements',
      severity: 'error',
      comment: 'Views read the actor snapshot and send events: they never import src/api or elements/.',
      from: { path: '^src/views/' },
      to: { path: '^(src/api|elements)/' },
    },
    {
      name: 'machines-not-to-elements',
      severity: 'error',
      comment: 'Machines (and their actors) sit below elements/: no import of elements/, not even a type.',
      from: { path: '^machines/' },
      to: { path: '^elements/' },
    },
    {
      name: 'machines-not-to-views',
      severity: 'error',
      comment: 'Machines sit below the views: no run-time import of src/views (type-only imports from src/ are allowed).',
      from: { path: '^machines/' },
      to: { path: '^src/views/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'machines-pure-no-api',
      severity: 'error',
      comment: 'Only machines/*.actors.ts (the actors layer) may import src/api at run time; *.machine.ts and the other machines/ files are pure.',
      from: { path: '^machines/', pathNot: '\\.actors\\.tsx?$' },
      to: { path: '^src/api/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'src-not-to-elements',
      severity: 'error',
      comment: 'src/ never imports elements/ (elements are the composition roots on top).',
      from: { path: '^src/' },
      to: { path: '^elements/' },
    },
    {
      name: 'admin-section-not-to-other-section',
      severity: 'error',
      comment:
        'An admin section (src/admin/<section>/) may import src/admin/{shell,resources,ui} and itself, never another section. ' +
        'shell/resources/ui are not sections (shell/sections.ts may lazy-load sections).',
      from: { path: '^src/admin/([^/]+)/', pathNot: '^src/admin/(shell|resources|ui)/' },
      to: { path: '^src/admin/[^/]+/', pathNot: ['^src/admin/(shell|resources|ui)/', '^src/admin/$1/'] },
    },
    {
      name: 'views-not-to-actors',
      severity: 'error',
      comment:
        'Views (src/views, src/admin) never bind a machine to its actors (machines/*.actors.ts): flow elements do for the sign-in flows, ' +
        "and each admin section's flows.ts (not a view: src/admin/<section>/flows.ts) for its dialogs, which start a flow with useSectionFlow.",
      from: { path: '^src/(views|admin)/', pathNot: '^src/admin/[^/]+/flows\\.ts$' },
      to: { path: '\\.actors\\.tsx?$' },
    },
    {
      name: 'admin-kit-knows-no-domain',
      severity: 'error',
      comment:
        'The admin kit (src/admin/ui) knows no domain (house-style §9, React Aria): it imports nothing of src/api (not even a type), ' +
        'src/views, machines/ or a section; items come in as key and label. Its frame is allowed: the section context ' +
        '(shell/context.ts: t, toasts, can) and the query kit (resources/query.ts: the Mutation a hook reads busy from).',
      from: { path: '^src/admin/ui/' },
      to: {
        path: ['^src/api/', '^src/views/', '^machines/', '^src/admin/'],
        pathNot: ['^src/admin/ui/', '^src/admin/shell/context\\.ts$', '^src/admin/resources/query\\.ts$'],
      },
    },
    {
      name: 'admin-views-not-to-api',
      severity: 'error',
      comment:
        'Admin sections, shell and ui render and call resources (src/admin/resources): they import src/api for types only, ' +
        'never elements/ (architecture "Admin portal": a section view never imports src/api).',
      from: { path: '^src/admin/', pathNot: '^src/admin/resources/' },
      to: { path: '^(src/api/|elements/)', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'route-not-to-route',
      severity: 'error',
      comment:
        'An emulator route module (emulator/src/routes/**) never imports another route module: shared code lives in a domain ' +
        'module beside session/ (emulator/src/<area>.ts) or in emulator/src/http/. app.ts mounts the route modules.',
      from: { path: '^emulator/src/routes/' },
      to: { path: '^emulator/src/routes/' },
    },
    {
      name: 'emulator-http-is-a-leaf',
      severity: 'error',
      comment:
        "The emulator's HTTP layer (emulator/src/http/) sits under every domain module: it imports http/ itself and the " +
        'infrastructure below it (crypto/, db/client.ts, db/schema.ts, clock.ts), never a domain module (session/, restrictions.ts, …) ' +
        'or a route. What a domain adds to every signed-in request comes in through the runtime (http/env.ts `afterAuth`, set by app.ts).',
      from: { path: '^emulator/src/http/' },
      to: { path: '^emulator/src/', pathNot: '^emulator/src/(http/|crypto/|db/(client|schema)\\.ts$|clock\\.ts$)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|storybook-static|\\.data)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
    reporterOptions: { text: { highlightFocused: true } },
  },
};
