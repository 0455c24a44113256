import { startDemo } from '../../examples/plain-html/server.mjs';
import { describeExample } from './example-host.ts';

/**
 * examples/plain-html: the demo page with no framework and no build (`dist/` served as it is, under the strict
 * CSP): DOM listeners for `fe-login` / `fe-logout`, `<fe-routes>` for the account pages, the portal on /admin.
 */
describeExample({ name: 'plain-html', primary: '#be123c', build: false, start: (o) => startDemo(o) });
