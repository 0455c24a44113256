// ESLint flat config: `npm run lint` (eslint --max-warnings 0). Non-type-aware rules only (no parserOptions.project).
// typescript-eslint comes from the tools/lint workspace: its parser needs the TypeScript JS API, which the root's
// native TypeScript 7 lacks, so npm nests it there next to typescript@6 (see tools/lint/package.json).
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from './tools/lint/typescript-eslint.js';

/** The linted folders (the `lint` script passes the same list). */
const code = '**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}';
const dirs = ['src', 'elements', 'machines', 'stories', 'test', 'tools', 'scripts', 'emulator/src', 'emulator/test', 'examples'];

/** Views render the actor's snapshot and send events: no web storage, no DOM events (architecture: "Arrows point one way"). */
const storage = ['localStorage', 'sessionStorage'];
const storageMessage = "Views never touch web storage: the machine's actors (or the app's storage) own it.";
const dispatchMessage = 'Views never dispatch DOM events: the machine emit()s and the element turns that into a typed DOM event.';

export default defineConfig([
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    '**/storybook-static/',
    '**/.data/',
    'custom-elements.json',
    '.bench/',
    'test-results/',
    '.wtr-cache/',
    'examples/nextjs/.next/',
    'examples/nextjs/next-env.d.ts',
  ]),
  {
    files: dirs.map((d) => `${d}/${code}`),
    extends: [js.configs.recommended, tseslint.configs.recommended],
    languageOptions: {
      ecmaVersion: 'latest',
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `declare module 'react' { namespace JSX { … } }`: how hosts type our custom elements in TSX
      '@typescript-eslint/no-namespace': ['error', { allowDeclarations: true }],
      // declaration merging: `interface SectionMessages extends Record<…> {}` adds a section's keys (src/i18n/en.ts)
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // chai's property assertions (`expect(x).to.be.ok`, `.and.not.empty`) are expressions by design
    files: [`test/${code}`],
    rules: { '@typescript-eslint/no-unused-expressions': 'off' },
  },
  {
    // React code only: the React Compiler rules of react-hooks 7 are the slowest rules by far, and pointless on Node code
    files: [`{src,elements,stories,test}/${code}`, 'examples/**/*.{tsx,jsx}'],
    extends: [reactHooks.configs.flat.recommended],
  },
  {
    // what the elements bundle builds machines with: xstate's setup() keeps all its action creators in every bundle
    // that calls it, used or not (about 0.7 KiB gzip before the login box's first input, issue 24)
    files: [`{src,elements,machines}/${code}`],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'xstate', importNames: ['setup'], allowTypeImports: true, message: "Build machines with machines/setup.ts: xstate's setup() bundles every action creator." },
          ],
        },
      ],
    },
  },
  {
    files: [`src/views/${code}`],
    rules: {
      'no-restricted-globals': ['error', ...storage.map((name) => ({ name, message: storageMessage })), { name: 'dispatchEvent', message: dispatchMessage }],
      'no-restricted-properties': ['error', ...['window', 'globalThis', 'self'].flatMap((object) => storage.map((property) => ({ object, property, message: storageMessage })))],
      'no-restricted-syntax': [
        'error',
        // x.dispatchEvent(…), x?.dispatchEvent(…), x['dispatchEvent'], and passing x.dispatchEvent along
        { selector: "MemberExpression[property.name='dispatchEvent']", message: dispatchMessage },
        { selector: "MemberExpression[property.value='dispatchEvent']", message: dispatchMessage },
        // `{ localStorage } = window`
        { selector: 'ObjectPattern > Property[key.name=/^(localStorage|sessionStorage)$/]', message: storageMessage },
      ],
    },
  },
]);
