/** Styles of the allAccounts section (its own classes; the kit's are in src/admin/ui/admin.css.ts), adopted with the kit's into each admin element's shadow root (src/admin/ui/styles.ts). */
import { style } from '@vanilla-extract/css';
import { toolbar } from '../ui/admin.css.ts';

/** The add form: the name field and its button on one line, aligned at their bottom. */
export const addForm = style([toolbar, { alignItems: 'flex-end' }]);
