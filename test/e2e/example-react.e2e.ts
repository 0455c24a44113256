import { fileURLToPath } from 'node:url';
import { startSpaHost } from '../../tools/spa-host.js';
import { describeExample } from './example-host.ts';

/** examples/react: React 19 (Vite build), the elements as plain JSX tags with `options` and `onfe-*` props. */
describeExample({
  name: 'react',
  primary: '#0e7490',
  start: ({ port, emulatorUrl }) => startSpaHost({ dir: fileURLToPath(new URL('../../examples/react/dist', import.meta.url)), port, emulatorUrl }),
});
