import { fileURLToPath } from 'node:url';
import { startSpaHost } from '../../tools/spa-host.js';
import { describeExample } from './example-host.ts';

const dir = fileURLToPath(new URL('../../examples/vue/dist/lite', import.meta.url));

/**
 * examples/vue on `fe-elements/lite` (issue 24): the same app built with `VITE_FE_LITE=1` (`fe-elements` resolved to
 * `fe-elements/lite`, into dist/lite); the shared scenario without the portal page (lite has none, the app links to none).
 */
describeExample({ name: 'vue', variant: 'lite', primary: '#15803d', buildEnv: { VITE_FE_LITE: '1' }, portal: false, start: (o) => startSpaHost({ dir, ...o }) });
