/** Styles of the roles section (its own classes; the kit's are in src/admin/ui/admin.css.ts), adopted with the kit's into each admin element's shadow root (src/admin/ui/styles.ts). */
import { style } from '@vanilla-extract/css';
import { toolbar } from '../ui/admin.css.ts';

/** A group of permissions (all of a role's, one category's): a plain fieldset, its rows 4 px apart. */
export const permissionGroup = style({ border: 'none', padding: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: '4px' });
/** One category's group of permissions, 8 px below the one before. */
export const category = style([permissionGroup, { marginTop: '8px' }]);
/** A checkbox of the permission and role lists: 18 px, never shrunk. */
export const box = style({ width: '18px', height: '18px', flex: 'none' });
/** A {@link box} on its label's first line. */
export const topBox = style([box, { marginTop: '3px' }]);
/** A permission under its category's "all" box: indented by the width of that box. */
export const indented = style({ paddingInlineStart: '24px' });
/** The actions of a role's row: on one line, 4 px apart. */
export const rowActions = style([toolbar, { flexWrap: 'nowrap', gap: '4px' }]);
