/** Styles of the groups section (its own classes; the kit's are in src/admin/ui/admin.css.ts), adopted with the kit's into each admin element's shadow root (src/admin/ui/styles.ts). */
import { createVar, style } from '@vanilla-extract/css';
import { form, iconButton } from '../ui/admin.css.ts';

/** The colour of a {@link swatch} (none: transparent), set per swatch (css-vars.ts). */
export const swatchColor = createVar();
/** The diameter of a {@link swatch}, set per swatch (css-vars.ts). */
export const swatchSize = createVar();
/** A group's colour as a small round swatch, outlined so that a light or absent colour still shows. */
export const swatch = style({
  display: 'inline-block',
  flex: 'none',
  width: swatchSize,
  height: swatchSize,
  borderRadius: '50%',
  background: swatchColor,
  border: '1px solid rgb(0 0 0 / 0.25)',
});
/** A group's name cell: its swatch, name and badge on one line, 8 px apart. */
export const nameCell = style({ display: 'inline-flex', alignItems: 'center', gap: '8px', minWidth: 0 });
/** A colour preset of the group dialog: its swatch centred; the chosen one outlined in the text colour. */
export const preset = style([
  iconButton,
  { display: 'inline-flex', alignItems: 'center', justifyContent: 'center', selectors: { '&[aria-pressed="true"]': { borderColor: 'currentColor' } } },
]);
/** The custom colour input of the group dialog: a bare colour well. */
export const colorInput = style({ width: '40px', height: '32px', padding: 0, border: 'none', background: 'none', cursor: 'pointer' });
/** A part of the members dialog (the members, the roles, the users to add): its heading and list 8 px apart. */
export const part = style([form, { gap: '8px' }]);
/** The heading of a {@link part}. */
export const partTitle = style({ margin: 0, fontSize: '1em', fontWeight: 600 });
/** The members or candidates of the members dialog: no bullets, 4 px apart. */
export const people = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '4px' });
/** One person of {@link people}: who on the start side, the action on the end side. */
export const person = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '8px', minHeight: '32px' });
