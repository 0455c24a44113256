import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describeExample, startServer } from './example-host.ts';

/**
 * examples/nextjs: Next.js 16 (App Router) built with `next build` and served by `next start`: a server-side session
 * (fe-elements/server: the route handlers proxy /frontegg/* with a sealed cookie), the elements in a client component
 * with React 19's `onfe-*` listeners.
 */
const cwd = fileURLToPath(new URL('../../examples/nextjs', import.meta.url));
const next = createRequire(import.meta.url).resolve('next/dist/bin/next');
const sealing = { FE_ENCRYPTION_PASSWORD: randomBytes(32).toString('hex'), NEXT_TELEMETRY_DISABLED: '1' };

describeExample({
  name: 'nextjs',
  primary: '#7c3aed',
  buildEnv: sealing,
  start: ({ port, emulatorUrl }) =>
    startServer(process.execPath, [next, 'start', '-H', '127.0.0.1', '-p', String(port)], {
      cwd,
      env: { ...sealing, FE_BASE_URL: emulatorUrl, FE_HOSTED_LOGIN: 'false' },
      url: `http://127.0.0.1:${port}/`,
    }),
});
