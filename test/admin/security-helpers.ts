/**
 * Shared helpers of the security section's browser tests (security.test.ts, security-enforced.test.ts): its tabs,
 * their panels and the settings blocks (a form labelled by its heading), read the way a user finds them.
 */
import { waitUntil } from '@open-wc/testing';
import { root, SLOW } from './helpers.ts';

/** The tab labelled `label`. */
export const tabOf = (el: HTMLElement, label: string) => [...root(el).querySelectorAll<HTMLElement>('[role=tab]')].find((t) => t.textContent === label);
/** The panel of the selected tab. */
export const panel = (el: HTMLElement) => {
  const selected = root(el).querySelector('[role=tab][aria-selected=true]');
  return selected ? root(el).querySelector<HTMLElement>(`[role=tabpanel][aria-labelledby="${selected.id}"]`) : null;
};
/** The form labelled by the heading `title`. */
export const block = (el: HTMLElement, title: string) =>
  [...root(el).querySelectorAll<HTMLFormElement>('form[aria-labelledby]')].find((f) => root(el).getElementById(f.getAttribute('aria-labelledby')!)?.textContent === title);
/** Opens the tab `label` with the keyboard-free click a pointer makes, and waits for its panel. */
export async function openTab(el: HTMLElement, label: string): Promise<void> {
  await waitUntil(() => tabOf(el, label), `tab ${label}`, SLOW);
  tabOf(el, label)!.click();
  await waitUntil(() => tabOf(el, label)!.getAttribute('aria-selected') === 'true', `${label} selected`);
}
/** Waits until the block `title` shows its fields (its policy has loaded). */
export const blockReady = (el: HTMLElement, title: string) => waitUntil(() => block(el, title)?.querySelector('input'), `${title} loaded`, SLOW);
/** The radio of an MFA enforcement. */
export const mfaRadio = (el: HTMLElement, value: string) => root(el).querySelector<HTMLInputElement>(`input[name=enforceMFAType][value=${value}]`)!;
