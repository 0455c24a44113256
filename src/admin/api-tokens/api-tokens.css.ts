/** Styles of the api tokens section (its own classes; the kit's are in src/admin/ui/admin.css.ts), adopted with the kit's into each admin element's shadow root (src/admin/ui/styles.ts). */
import { style } from '@vanilla-extract/css';

/** A token's client id or id: monospaced, a little smaller than the text around it. */
export const tokenKey = style({ fontFamily: 'ui-monospace, monospace', fontSize: '0.875em' });
