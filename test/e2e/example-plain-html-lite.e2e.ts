import { startDemo } from '../../examples/plain-html/server.mjs';
import { describeExample } from './example-host.ts';

/**
 * examples/plain-html on `fe-elements/lite` (issue 24): the demo page with the sign-in elements of `dist/lite/`
 * (Preact), served as it is under the strict CSP; the shared scenario without the portal page (lite has none).
 */
describeExample({ name: 'plain-html', variant: 'lite', primary: '#be123c', build: false, portal: false, start: (o) => startDemo({ ...o, lite: true }) });
