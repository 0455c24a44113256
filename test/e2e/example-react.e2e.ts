import { describeExample } from './example-host.ts';

/** examples/react: React 19 (Vite build), the elements as plain JSX tags with `options` and `onfe-*` props. */
describeExample({ name: 'react', primary: '#0e7490' });
