import { TOTP } from 'otpauth';
import { fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import type { FeAppElement } from '../../elements/fe-app.ts';
import type { FeLoginBoxElement } from '../../elements/fe-login-box.ts';
import '../../elements/fe-login-box.ts';

/**
 * Helpers for element tests against the real emulator, which the test
 * server proxies under its own origin (tools/wtr-emulator.js).
 */
export const ADMIN = { email: 'admin@acme.test', password: 'Admin-Passw0rd!' };

/**
 * A parsed JSON answer, typed as `JSON.parse` types it (unchecked): the element tests read the
 * emulator's answers (the outbox's messages, their links and codes) field by field.
 */
type Json = ReturnType<typeof JSON.parse>;

async function call(method: string, path: string, body?: unknown): Promise<Json> {
  const r = await fetch(path, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await r.text();
  if (!r.ok) throw new Error(`${method} ${path} → ${r.status} ${text}`);
  return text ? JSON.parse(text) : {};
}

/** Restores the seeded state and signs out (clears the refresh cookie). */
export async function resetEmulator(): Promise<void> {
  await call('POST', '/_emulator/reset');
  await fetch('/frontegg/identity/resources/auth/v1/logout', { method: 'POST' });
}

export const setMfaPolicy = (enforceMFAType: 'DontForce' | 'Force') => call('PUT', '/_emulator/mfa-policy', { enforceMFAType });
/** The vendor's lockout policy: a user is locked at `maxAttempts` wrong passwords (the unlock email goes to the outbox). */
export const setLockoutPolicy = (maxAttempts: number) => call('PUT', '/_emulator/lockout-policy', { enabled: true, maxAttempts });
export const setMetadata = (configuration: Record<string, unknown>) => call('PUT', '/_emulator/metadata', { configuration });
export const createUser = (email: string, password: string) => call('POST', '/_emulator/users', { email, password });
export const outbox = () => call('GET', '/_emulator/outbox');
/** Delays the emulator's answer to the next `method path` call by `delayMs` (its fault switches, emulator/src/http/fault-switches.ts). */
export const delayNext = (method: string, path: string, delayMs: number) => call('PUT', '/_emulator/faults', { faults: [{ method, path, delayMs, times: 1 }] });

/**
 * The TOTP code of a base32 secret (what an authenticator app shows), now or
 * `periods` steps of 30 s later. The emulator accepts ±1 step and refuses a
 * code already used, so a second sign-in within 30 s uses the next step's code.
 */
export function totp(secret: string, periods = 0): string {
  return new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + periods * 30_000 });
}

/** Renders `<fe-app><fe-login-box>` against the emulator and waits for the first input. */
export async function renderLoginBox(baseUrl = location.origin): Promise<{ app: FeAppElement; box: FeLoginBoxElement }> {
  const app = await fixture<FeAppElement>(html`<fe-app base-url=${baseUrl}><fe-login-box></fe-login-box></fe-app>`);
  const box = app.querySelector('fe-login-box')!;
  await waitUntil(() => box.querySelector('input[name=email]') || box.shadowRoot?.querySelector('[data-step=signedIn]'), 'login box rendered', { timeout: 10000 });
  return { app, box };
}

/** The light-DOM input of the current form. */
export const input = (box: HTMLElement, name: string) => box.querySelector<HTMLInputElement>(`form input[name=${name}]`);
/** The step shown (data-step of the card). */
export const stepOf = (box: HTMLElement) => box.shadowRoot?.querySelector('[data-step]')?.getAttribute('data-step');
/** The announced error text. */
export const alertText = (box: HTMLElement) => box.shadowRoot?.querySelector('[role=alert]')?.textContent ?? '';

/** Types into a light-DOM input the way a user (or autofill) does. */
export function type(el: HTMLInputElement, value: string): void {
  el.focus();
  el.value = value;
  el.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Submits the current light-DOM form with the keyboard (Enter). */
export function submit(box: HTMLElement): void {
  box.querySelector('form')!.requestSubmit();
}

/** Waits until the box shows `step`. */
export async function waitForStep(box: HTMLElement, step: string, timeout = 10000): Promise<void> {
  await waitUntil(() => stepOf(box) === step, `step ${step} (now ${stepOf(box)}; alert "${alertText(box)}")`, { timeout });
}

/** Email → Continue → password → Sign in. */
export async function signInWithPassword(box: HTMLElement, email: string, password: string): Promise<void> {
  await waitUntil(() => input(box, 'email'), 'email input');
  type(input(box, 'email')!, email);
  submit(box);
  await waitUntil(() => input(box, 'password'), 'password input', { timeout: 10000 });
  type(input(box, 'password')!, password);
  submit(box);
}

export { oneEvent };
