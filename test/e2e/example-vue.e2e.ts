import { describeExample } from './example-host.ts';

/** examples/vue: Vue 3 (Vite build), fe-* tags as custom elements with `:options.prop` and `v-on:fe-login`. */
describeExample({ name: 'vue', primary: '#15803d' });
