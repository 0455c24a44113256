/** Styles of the audit log section (its own classes; the kit's are in src/admin/ui/admin.css.ts), adopted with the kit's (src/admin/ui/styles.ts). */
import { style } from '@vanilla-extract/css';

/** The JSON data in the details dialog (the kit's RowDetails): scrolls within the dialog when long. */
export const json = style({ maxHeight: '40vh', overflow: 'auto', whiteSpace: 'pre', margin: 0 });
