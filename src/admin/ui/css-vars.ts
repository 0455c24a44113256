/**
 * Values of CSS variables for a `style` prop: the one way an admin view gives its styles a value known only at run
 * time (a spacer row's height, a column's width, a group's colour). The variables are made by vanilla-extract's
 * `createVar()` in a `.css.ts` file, whose classes read them; everything else is a class.
 */
import type { CSSProperties } from 'react';

/**
 * `{ [v]: value }` for variables `v` from `createVar()` (`var(--name)`) as the inline style `{ '--name': value }`;
 * an undefined value leaves its variable unset.
 */
export function inlineVars(values: Record<string, string | undefined>): CSSProperties {
  const style: Record<string, string> = {};
  for (const [v, value] of Object.entries(values)) if (value !== undefined) style[v.replace(/^var\((--[^,)]+)\)$/, '$1')] = value;
  return style as CSSProperties;
}
