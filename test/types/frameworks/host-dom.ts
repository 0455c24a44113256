/**
 * A DOM / Angular / Lit host's code against `fe-elements/dom` (frameworks/dom.d.ts, generated from
 * custom-elements.json): tags resolve to their classes, events to their classes, and the per-element
 * attribute and event maps reject misspelled names. Every line after an `@ts-expect-error` marker MUST be an
 * error, about the name in backticks (test/node/framework-types.test.ts). Nothing here runs.
 */
import type { FeElementAttributes, FeElementEvents, FeLoginBoxAttributes, FeLoginBoxEvents, FeTagName } from 'fe-elements/dom';
import type { FeLoginBoxElement, FeLoginEvent } from 'fe-elements';

const box: FeLoginBoxElement | null = document.querySelector('fe-login-box');
box?.addEventListener('fe-login', (e) => {
  const event: FeLoginEvent = e;
  const email: string | undefined = e.detail.user.email;
  void [event, email];
  // @ts-expect-error wrong detail field `usr`
  void e.detail.usr;
});
document.createElement('fe-app').addEventListener('fe-session-change', (e) => void e.detail.isAuthenticated);

/** An Angular handler for `(fe-navigate)="onNavigate($event)"`: $event is the element's event class. */
export function onNavigate(event: HTMLElementEventMap['fe-navigate']): void {
  event.preventDefault();
  void event.detail.url;
}

export const attributes: FeLoginBoxAttributes = { 'redirect-url': '/home', email: 'a@example.com', autofocus: true };
export const app: FeElementAttributes['fe-app'] = { 'base-url': 'https://app.example.com', 'log-level': 'debug' };
export const tokens: FeElementAttributes['fe-admin-api-tokens'] = { kind: 'personal' };
export const stepUp: FeElementAttributes['fe-step-up'] = { 'max-age': 300 };
export const misspelt: FeLoginBoxAttributes = {
  // @ts-expect-error misspelled attribute `redirect-urll`
  'redirect-urll': '/home',
};
export const level: FeElementAttributes['fe-app'] = {
  // @ts-expect-error not a log level: `verbose`
  'log-level': 'verbose',
};

export const login: keyof FeLoginBoxEvents = 'fe-login';
// @ts-expect-error misspelled event name `fe-logn`
export const logn: keyof FeLoginBoxEvents = 'fe-logn';
// @ts-expect-error `fe-sign-up` is not an event of fe-login-box
export const signUp: keyof FeElementEvents['fe-login-box'] = 'fe-sign-up';
export const tag: FeTagName = 'fe-admin-users';
