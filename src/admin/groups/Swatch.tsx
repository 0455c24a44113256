/** A group's colour as a small round swatch (decorative: the name beside it says which group). */
import { inlineVars } from '../ui/css-vars.ts';
import * as groupsCss from './groups.css.ts';

/** The colour presets of the group dialog, with the message key of each one's name. */
export const PRESET_COLORS = [
  { value: '#4f46e5', name: 'admin.groups.color.indigo' },
  { value: '#0891b2', name: 'admin.groups.color.cyan' },
  { value: '#059669', name: 'admin.groups.color.green' },
  { value: '#d97706', name: 'admin.groups.color.amber' },
  { value: '#dc2626', name: 'admin.groups.color.red' },
  { value: '#db2777', name: 'admin.groups.color.pink' },
  { value: '#7c3aed', name: 'admin.groups.color.violet' },
  { value: '#64748b', name: 'admin.groups.color.slate' },
] as const;

/** `color` as `#rrggbb` (what `<input type=color>` takes), else `fallback`. */
export function hexColor(color: string | null | undefined, fallback: string = PRESET_COLORS[0].value): string {
  const c = (color ?? '').trim();
  if (/^#[0-9a-f]{6}$/i.test(c)) return c.toLowerCase();
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(c);
  return short ? `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase() : fallback;
}

/** A 14 px round swatch of `color` (a group without one shows an outlined empty circle). */
export function Swatch({ color, size = 14 }: { color?: string | null; size?: number }) {
  return (
    <span
      aria-hidden="true"
      data-swatch=""
      className={groupsCss.swatch}
      style={inlineVars({ [groupsCss.swatchColor]: color || 'transparent', [groupsCss.swatchSize]: `${size}px` })}
    />
  );
}
