import { startDemo } from '../../examples/express/server.mjs';
import { describeExample } from './example-host.ts';

/**
 * examples/express: a server-side session (fe-elements/server: sealed cookie, the `/frontegg` proxy) with embedded
 * login; the server renders the signed-in user, the portal on /admin or the login box, and the page follows
 * `fe-login` / `fe-logout` / `fe-navigate` with a full load. No build (`dist/` served as it is).
 */
describeExample({
  name: 'express',
  primary: '#0f766e',
  build: false,
  start: ({ port, emulatorUrl }) => startDemo({ port, env: { FE_BASE_URL: emulatorUrl, FE_HOSTED_LOGIN: 'false' } }),
});
