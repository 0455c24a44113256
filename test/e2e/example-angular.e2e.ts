import { describeExample } from './example-host.ts';

/**
 * examples/angular: Angular 21 (standalone components, zoneless, @angular/build's application builder), fe-* tags
 * under CUSTOM_ELEMENTS_SCHEMA with `[options]` and `(fe-login)` bindings, the admin portal on a router route.
 */
describeExample({ name: 'angular', primary: '#c2410c' });
