/** Styles of the webhooks section (its own classes; the kit's are in src/admin/ui/admin.css.ts), adopted with the kit's into each admin element's shadow root (src/admin/ui/styles.ts). */
import { globalStyle, style } from '@vanilla-extract/css';
import { theme } from '../../theme/contract.css.ts';
import { toolbar } from '../ui/admin.css.ts';
import { u } from '../ui/css-units.ts';

/** A webhook's URL in its row: monospace, broken anywhere rather than cut. */
export const url = style({ fontFamily: 'ui-monospace, monospace', wordBreak: 'break-all' });

/** A block of code (a snippet, headers, a body): kept as written, scrolled sideways when wider than the page. */
export const code = style({
  fontFamily: 'ui-monospace, monospace',
  whiteSpace: 'pre',
  overflowX: 'auto',
  maxHeight: '24rem',
  margin: 0,
  padding: u(1),
  background: theme.color.background,
  color: theme.color.text,
  border: `1px solid ${theme.color.border}`,
  borderRadius: theme.radius,
});

/** The events of the form, one fieldset per category, in columns as wide as the dialog allows. */
export const categories = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(14rem, 1fr))', gap: u(2) });

/** A field and its button on one line, aligned at their bottom (recover since, end overlap). */
export const inlineForm = style([toolbar, { alignItems: 'flex-end', flexWrap: 'wrap' }]);

/** The "verify it" snippets: copy fields whose values keep their lines. */
export const snippets = style({ display: 'grid', gap: u(2) });
globalStyle(`${snippets} code`, { whiteSpace: 'pre-wrap', wordBreak: 'normal', overflowWrap: 'anywhere' });

/** A delivery's attempts, oldest first. */
export const attempts = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: u(3) });
/** One attempt: a panel. */
export const attempt = style({ display: 'grid', gap: u(1.5), padding: u(2), border: `1px solid ${theme.color.border}`, borderRadius: theme.radius });
/** An attempt's heading. */
export const attemptTitle = style({ margin: 0, fontSize: '1rem' });
/** An attempt's status, duration and error, on one line when they fit. */
export const attemptFacts = style({ display: 'flex', gap: u(2), flexWrap: 'wrap', alignItems: 'center', margin: 0 });
