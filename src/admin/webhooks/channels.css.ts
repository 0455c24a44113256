/**
 * Styles of the webhooks section's channels and reports panels (their own
 * classes; the kit's are in src/admin/ui/admin.css.ts), adopted with the kit's into each admin element's shadow root
 * by file pattern (src/admin/ui/styles.ts).
 */
import { style } from '@vanilla-extract/css';
import { theme } from '../../theme/contract.css.ts';
import { u } from '../ui/css-units.ts';

/** A panel: its header, then its groups. */
export const panel = style({ display: 'flex', flexDirection: 'column', gap: u(2), minWidth: 0 });
/** A category of events: its heading, then its events. */
export const category = style({ display: 'flex', flexDirection: 'column', gap: u(1.5), margin: 0, padding: 0, border: 'none' });
/** A category's heading. */
export const categoryTitle = style({ margin: 0, fontSize: '1em', fontWeight: 600 });
/** One event: its name and description, its field, its actions; they wrap onto lines of their own when narrow. */
export const event = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: u(1.5),
  alignItems: 'flex-start',
  padding: u(1.5),
  border: `1px solid ${theme.color.border}`,
  borderRadius: theme.radius,
});
/** An event's name and description. */
export const eventName = style({ flex: '1 1 12em', minWidth: 0 });
/** An event's field. */
export const eventField = style({ flex: '2 1 16em', minWidth: 0 });
/** An event's actions: the switch and Save, in a row, at the field's height. */
export const eventActions = style({ display: 'flex', flexWrap: 'wrap', gap: u(1), alignItems: 'center', paddingTop: u(3.25) });
/** The Slack channels of one event: checkboxes that wrap. */
export const channelList = style({ display: 'flex', flexWrap: 'wrap', columnGap: u(2) });
/** The report preview's frame: the rendered report, never run (sandboxed). */
export const previewFrame = style({ width: '100%', minHeight: '420px', border: `1px solid ${theme.color.border}`, borderRadius: theme.radius, background: '#fff' });
