/** Styles of the provisioning section (its own classes; the kit's are in src/admin/ui/admin.css.ts), adopted with the kit's into each admin element's shadow root (src/admin/ui/styles.ts). */
import { style } from '@vanilla-extract/css';

/** A request's resource path: broken anywhere when it does not fit its column. */
export const resource = style({ overflowWrap: 'anywhere' });
