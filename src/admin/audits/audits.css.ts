/** Styles of the audit log section (its own classes; the kit's are in src/admin/ui/admin.css.ts), adopted with the kit's (src/admin/ui/styles.ts). */
import { globalStyle, style } from '@vanilla-extract/css';
import { theme } from '../../theme/contract.css.ts';
import { u } from '../ui/css-units.ts';

/** A row's every field in its details dialog: name and value side by side; long values (a user agent) wrap anywhere. */
export const fields = style({ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', gap: `${u(0.75)} ${u(2)}`, margin: 0 });
globalStyle(`${fields} > dt`, { color: theme.color.textMuted, fontWeight: 600 });
globalStyle(`${fields} > dd`, { margin: 0, overflowWrap: 'anywhere' });
/** The JSON data in the details dialog: scrolls within the dialog when long. */
export const json = style({ maxHeight: '40vh', overflow: 'auto', whiteSpace: 'pre', margin: 0 });
