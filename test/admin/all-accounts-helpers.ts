/**
 * Reading `<fe-admin-accounts>`'s tree the way a user meets it (test/admin/all-accounts*.test.ts): its lines (accounts,
 * and the loading / "Show more" / failure lines), the accounts' names in order, one account's line, and how many
 * lines there are in all (the treegrid's `aria-rowcount`, its header included: the lines are virtualised).
 */
import { root } from './helpers.ts';

/** The tree's lines drawn. */
export const lines = (el: HTMLElement): HTMLElement[] => [...root(el).querySelectorAll<HTMLElement>('[role=treegrid] [role=row][data-line]')];
/** The account lines' names, in order. */
export const names = (el: HTMLElement): (string | null)[] =>
  lines(el)
    .filter((l) => l.dataset.line === 'account')
    .map((l) => l.getAttribute('aria-label'));
/** The line of the account named `name`. */
export const lineOf = (el: HTMLElement, name: string): HTMLElement | undefined => lines(el).find((l) => l.getAttribute('aria-label') === name);
/** The lines in all, drawn or not, with the header (`aria-rowcount`). */
export const rowCount = (el: HTMLElement): number => Number(root(el).querySelector('[role=treegrid]')!.getAttribute('aria-rowcount'));
