/** Styles of the SSO section (its own classes; the kit's are in src/admin/ui/admin.css.ts), adopted with the kit's into each admin element's shadow root (src/admin/ui/styles.ts). */
import { globalStyle, style } from '@vanilla-extract/css';
import { theme } from '../../theme/contract.css.ts';
import { checkboxRow, resultList, toolbar } from '../ui/admin.css.ts';
import { u } from '../ui/css-units.ts';

/** A bordered card (one item of a list of cards: an SSO connection, a domain, a mapping row). */
export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: u(1.5),
  padding: u(2),
  border: `1px solid ${theme.color.border}`,
  borderRadius: theme.radius,
  background: theme.color.surface,
  minWidth: 0,
});
/** A card's title row: the title on the start side, its controls wrapping after it. */
export const cardHeader = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: u(1) });
/** A step indicator (an ordered list; the current step carries `aria-current="step"`). */
export const steps = style({ display: 'flex', flexWrap: 'wrap', gap: u(1), listStyle: 'none', margin: 0, padding: 0, fontSize: '0.875em', color: theme.color.textMuted });
globalStyle(`${steps} > li[aria-current="step"]`, { color: theme.color.text, fontWeight: 600, textDecoration: 'underline', textUnderlineOffset: '4px' });
/** A choice rendered as a radio card (the IdP to configure). */
export const radioCard = style([
  checkboxRow,
  {
    padding: u(1.5),
    border: `1px solid ${theme.color.border}`,
    borderRadius: theme.radius,
    minHeight: '44px',
    selectors: { '&:has(:checked)': { borderColor: theme.color.primary, borderWidth: '2px' } },
  },
]);
/** A term–value list (certificate, addresses): terms muted, values wrapped anywhere. */
export const facts = style({ display: 'grid', gridTemplateColumns: 'minmax(8em, max-content) 1fr', gap: `${u(0.5)} ${u(2)}`, margin: 0 });
globalStyle(`${facts} > dt`, { color: theme.color.textMuted });
globalStyle(`${facts} > dd`, { margin: 0, overflowWrap: 'anywhere', minWidth: 0 });
/** A list of cards (the connections, the domains): no height limit, 12 px apart. */
export const cards = style([resultList, { maxHeight: 'none', gap: '12px' }]);
/** The group-to-roles rows of the authorization form: no height limit, 16 px apart. */
export const mappings = style([resultList, { maxHeight: 'none', gap: '16px' }]);
/** A domain and its badge in a connection's card, 4 px apart. */
export const domain = style([toolbar, { gap: '4px' }]);
/** The add-a-domain row: its field and button aligned at their bottom. */
export const addDomain = style([toolbar, { alignItems: 'flex-end' }]);
/** The test sign-in block: its button, hint and result, 8 px apart. */
export const testSignIn = style({ display: 'flex', flexDirection: 'column', gap: u(1), minWidth: 0 });
/** A test sign-in that succeeded: who was signed in and the attributes, framed with the success colour on the start side. */
export const testSucceeded = style({
  display: 'flex',
  flexDirection: 'column',
  gap: u(1),
  margin: 0,
  padding: `${u(1)} ${u(1.5)}`,
  border: `1px solid ${theme.color.border}`,
  borderInlineStart: `4px solid ${theme.color.success}`,
  borderRadius: theme.radius,
  minWidth: 0,
});
