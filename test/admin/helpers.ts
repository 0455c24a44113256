/**
 * Shared helpers of the admin portal's browser tests (test/admin/*.test.ts): signing in through the emulator's API,
 * rendering a section in `<fe-app>` (live) or in `<fe-admin-story>` (preview), and reading the section's shadow root
 * the way a user sees it (rows, dialogs, buttons, menus, toasts).
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { emulateMedia, sendKeys, setViewport } from '@web/test-runner-commands';
import type { FeAppElement } from '../../elements/fe-app.ts';
import type { AdminPortalOptions } from '../../src/admin/shell/ids.ts';
import { createApiClient, type ApiClient } from '../../src/api/client.ts';
import type { StateSpec } from '../../stories/support/flow-story.tsx';
import { previewApp, signInPreview } from '../../stories/support/preview-app.ts';
import { createUser } from '../helpers/emulator.ts';

/** The page size an administrator works at (issue "The portal as an administrator meets it"): 1280 × 900 px. */
export const ADMIN_VIEWPORT = { width: 1280, height: 900 };

// every admin test file runs at the administrator's page size (WTR's page is 800 × 600, where wide tables rightly
// drop columns); a test at another size sets its own and restores this one
before(async () => {
  await setViewport(ADMIN_VIEWPORT);
});

/** Email and password of a test user. */
export type Credentials = { email: string; password: string };

/** How long a wait for the emulator's answer may take (ms); open-wc's default of 1 s is for local changes. */
export const SLOW = { timeout: 10000 };

/** What a section says to a user who may not open it. */
export const NO_ACCESS = 'You don’t have access to this section.';

/** A user with no roles at all (no permission keys). */
export const NO_ROLE_USER: Credentials = { email: 'norole@acme.test', password: 'Norole-Passw0rd!' };

/** A user with the tenant's default role (ReadOnly: read keys, no write keys). */
export const READER: Credentials = { email: 'reader@acme.test', password: 'Reader-Passw0rd!' };

/**
 * Signs in through the API and resolves with the access token. With `credentials` 'same-origin' (the default) the
 * refresh cookie is set for the page's origin; 'omit' makes another session without touching this page's cookie.
 */
export async function signIn(user: Credentials, credentials: RequestCredentials = 'same-origin'): Promise<string> {
  const r = await fetch('/frontegg/identity/resources/auth/v1/user', {
    method: 'POST',
    credentials,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(user),
  });
  const text = await r.text();
  expect(r.status, text).to.equal(200);
  return (JSON.parse(text) as { accessToken: string }).accessToken;
}

/** Creates `user` with the tenant's default role (ReadOnly) and signs in as that user. */
export async function signInAsReader(user: Credentials = READER): Promise<string> {
  await createUser(user.email, user.password);
  return signIn(user);
}

/** Creates `user` with no roles at all and signs in as that user. */
export async function signInWithoutRoles(user: Credentials = NO_ROLE_USER): Promise<string> {
  await callEmulator('POST', '/_emulator/users', { ...user, roles: [] });
  return signIn(user);
}

/** A call to the emulator's own routes (`/_emulator/…`); it must succeed. Resolves with the parsed answer. */
export async function callEmulator(method: string, path: string, body?: unknown): Promise<unknown> {
  return api(undefined, method, path, body);
}

/**
 * A call as the admin portal makes it, with a bearer `token` when given; it must succeed. Resolves with the parsed
 * answer (undefined when empty).
 */
export async function api<T>(token: string | undefined, method: string, path: string, body?: unknown): Promise<T> {
  const r = await fetch(path, {
    method,
    headers: { 'content-type': 'application/json', 'frontegg-source': 'admin-portal', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  expect(r.ok, `${method} ${path} → ${r.status} ${text}`).to.equal(true);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** How a section is rendered: the host's `options.adminPortal` and the section element's attributes. */
export type SectionSetup = { adminPortal?: AdminPortalOptions; attributes?: Record<string, string> };

/** Renders `<fe-app base-url=(this origin)><tag …attributes></fe-app>` against the emulator; resolves with the section element. */
export async function renderSection(tag: string, { adminPortal, attributes = {} }: SectionSetup = {}): Promise<HTMLElement> {
  const section = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) section.setAttribute(name, value);
  await fixture<FeAppElement>(html`<fe-app base-url=${location.origin} .options=${adminPortal ? { adminPortal } : {}}>${section}</fe-app>`);
  return section;
}

/**
 * Renders `<fe-admin-story section scenario dialog>` in `<fe-app preview>` (canned data, no network) and signs the
 * preview user in; resolves with the story element. With `flow`, the dialog's flow starts in `flow.state`: its story
 * element `<fe-admin-…-story state>` (stories/support/admin-dialogs.ts, which the caller loads).
 */
export async function renderStory(section: string, scenario: string, dialogName?: string, flow?: { tag: string; state: StateSpec }): Promise<HTMLElement> {
  const story = document.createElement(flow ? `${flow.tag}-story` : 'fe-admin-story');
  story.setAttribute('section', section);
  story.setAttribute('scenario', scenario);
  if (dialogName) story.setAttribute('dialog', dialogName);
  if (flow) story.setAttribute('state', JSON.stringify(flow.state));
  const app = previewApp([story]);
  await fixture(html`<div>${app}</div>`);
  await signInPreview(app);
  return story;
}

/** Waits until `ready(el)` holds (a designed state is shown), then checks `el` with axe-core. */
export async function expectAccessibleWhen(el: HTMLElement, ready: (el: HTMLElement) => unknown, what: string): Promise<void> {
  await waitUntil(() => el.shadowRoot && ready(el), what, SLOW);
  await expect(el).to.be.accessible();
}

/** Checks `el` with axe-core in the light scheme, then in the dark one (its tokens switched), and back to light. */
export async function expectAccessibleLightAndDark(el: HTMLElement): Promise<void> {
  await expect(el).to.be.accessible();
  await emulateMedia({ colorScheme: 'dark' });
  try {
    await waitUntil(() => getComputedStyle(el).getPropertyValue('--fe-color-scheme').trim() === 'dark', 'dark tokens', { timeout: 30000 });
    await expect(el).to.be.accessible();
  } finally {
    await emulateMedia({ colorScheme: 'light' });
  }
}

/**
 * Keeps "ResizeObserver loop completed with undelivered notifications" from mocha for the calling `describe` (or
 * file). It is benign (the notifications are delivered on the next frame): on the 800×600 test page a popover's first
 * placement resizes what a table's virtualiser observes. Browsers report it on window.onerror, which mocha treats as
 * a failure; nothing else is kept from mocha.
 */
export function ignoreResizeObserverLoop(): void {
  let mochaOnError: OnErrorEventHandler = null;
  before(() => {
    mochaOnError = window.onerror;
    window.onerror = (message, ...rest) => (String(message).includes('ResizeObserver loop') ? true : (mochaOnError?.(message, ...rest) ?? false));
  });
  after(() => {
    window.onerror = mochaOnError;
  });
}

/** The section's shadow root. */
export const root = (el: HTMLElement): ShadowRoot => el.shadowRoot!;

/** All the text the section shows. */
export const text = (el: HTMLElement): string => root(el).textContent ?? '';

/** Whether the section shows `words` anywhere. */
export const shown = (el: HTMLElement, words: string): boolean => text(el).includes(words);

/** The focused element inside the section. */
export const active = (el: HTMLElement): HTMLElement | null => root(el).activeElement as HTMLElement | null;

/** The data rows of the section's table. */
export const rowsOf = (el: HTMLElement): HTMLTableRowElement[] => [...root(el).querySelectorAll<HTMLTableRowElement>('tbody tr[data-row-id]')];

/** The text of each data row. */
export const rowTexts = (el: HTMLElement): string[] => rowsOf(el).map((r) => r.textContent ?? '');

/** The data row whose first cell starts with `name`. */
export const rowOf = (el: HTMLElement, name: string): HTMLTableRowElement | undefined => rowsOf(el).find((r) => firstCell(r)?.textContent?.startsWith(name));

/** A row's first cell of data (after the checkbox of a selectable table). */
export const firstCell = (row: HTMLTableRowElement): HTMLTableCellElement | null => row.querySelector<HTMLTableCellElement>('td:not([data-select])');

/** The table's column headers, without the sort arrows. */
export const columnHeaders = (el: HTMLElement): (string | undefined)[] => [...root(el).querySelectorAll('thead th')].map((th) => th.textContent?.replace(/[▲▼↕]/g, '').trim());

/** The open dialog (a dialog or a confirming alertdialog), if any. */
export const dialog = (el: HTMLElement): HTMLElement | null => root(el).querySelector<HTMLElement>('[role=dialog], [role=alertdialog]');

/** The title of the open dialog: the text of the element its aria-labelledby names. */
export const dialogTitle = (el: HTMLElement): string | null | undefined => root(el).getElementById(dialog(el)!.getAttribute('aria-labelledby')!)?.textContent;

/** The button in `scope` whose text is `label`. */
export const button = (scope: ParentNode, label: string): HTMLButtonElement | undefined =>
  [...scope.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent?.trim() === label);

/** The button in `scope` whose aria-label is `label`. */
export const byLabel = (scope: ParentNode, label: string): HTMLButtonElement | null => scope.querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`);

/** The input named `name` in `scope`. */
export const input = (scope: ParentNode, name: string): HTMLInputElement | null => scope.querySelector<HTMLInputElement>(`input[name=${name}]`);

/** The text of the first alert the section shows (an error), or ''. */
export const alertText = (el: HTMLElement): string => [...root(el).querySelectorAll('[role=alert]')].map((a) => a.textContent ?? '').find(Boolean) ?? '';

/** The text of the notifications regions (the toasts: successes, then errors). */
export const toasts = (el: HTMLElement): string =>
  [...root(el).querySelectorAll('[aria-label=Notifications], [aria-label="Error notifications"]')].map((r) => r.textContent ?? '').join('');

/** The error toasts' region (role alert), or null. */
export const errorToasts = (el: HTMLElement): HTMLElement | null => root(el).querySelector<HTMLElement>('[aria-label="Error notifications"]');

/** Waits until the section says {@link NO_ACCESS}, then checks that it shows no `content` (its table or form). */
export async function expectNoAccess(el: HTMLElement, content: 'table' | 'form'): Promise<void> {
  await waitUntil(() => shown(el, NO_ACCESS), 'not allowed', SLOW);
  expect(root(el).querySelector(content)).to.equal(null);
}

/** Checks that the open dialog is labelled `title` and waits until the focus is inside it. */
export async function expectDialogLabelledAndFocused(el: HTMLElement, title: string): Promise<void> {
  const d = dialog(el)!;
  expect(dialogTitle(el)).to.equal(title);
  await waitUntil(() => d.contains(root(el).activeElement), 'focus inside');
}

/** Clicks `opener` (a row's actions button), waits for the menu and resolves with its items. */
export async function openMenu(el: HTMLElement, opener: HTMLElement): Promise<HTMLElement[]> {
  opener.click();
  await waitUntil(() => root(el).querySelector('[role=menu]'), 'menu');
  return [...root(el).querySelectorAll<HTMLElement>('[role=menuitem]')];
}

/** Opens the menu of `opener` and picks the item `label`. */
export async function chooseFromMenu(el: HTMLElement, opener: HTMLElement, label: string): Promise<void> {
  const entry = (await openMenu(el, opener)).find((m) => m.textContent === label);
  expect(entry, `menu item ${label}`).to.not.equal(undefined);
  entry!.click();
}

/** Replaces the text of a (React-controlled) field the way a user does: focus, select all, type. */
export async function retype(field: HTMLInputElement | HTMLTextAreaElement, value: string): Promise<void> {
  field.focus();
  field.select();
  await sendKeys({ type: value });
}

/** Sets a React-controlled input's value the way typing does (one input event). */
export function fill(field: HTMLInputElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Sets a select's value as a user picking an option does. */
export function pick(select: HTMLSelectElement, value: string): void {
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Chooses `file` in a file input, as the browser's file picker does. */
export function chooseFile(field: HTMLInputElement, file: File): void {
  const files = new DataTransfer();
  files.items.add(file);
  field.files = files.files;
  field.dispatchEvent(new Event('change', { bubbles: true }));
}

/** A 1×1 PNG file named `name`, from its base64 bytes. */
export function pngFile(base64: string, name: string): File {
  return new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], name, { type: 'image/png' });
}

/** The announced result of copying the value `id` (the kit's CopyField: `data-copy-value`), '' before a copy. */
export const copyStatusOf = (scope: ParentNode, id: string): string =>
  scope.querySelector(`[data-copy-value="${id}"]`)?.parentElement?.querySelector('[role=status]')?.textContent ?? '';

/**
 * Done on a secret shown once that was not copied (the kit's SecretOnce): it asks first, with "Back to it" focused
 * (the safe choice); "Close without copying" closes the dialog.
 */
export async function closeUncopiedSecret(el: HTMLElement): Promise<void> {
  button(dialog(el)!, 'Done')!.click();
  await waitUntil(() => button(dialog(el)!, 'Close without copying'), 'asks before closing an uncopied secret');
  expect(active(el)?.textContent).to.equal('Back to it');
  button(dialog(el)!, 'Close without copying')!.click();
  await waitUntil(() => !dialog(el), 'dialog closed');
}

/**
 * A real API client whose requests `answer` scripts instead of a server (a resource's own API over it): `answer`
 * gets the method and the URL (path and query) and returns the response, or a promise held as long as the test likes.
 */
export function scriptedClient(answer: (method: string, url: URL) => Response | Promise<Response>): ApiClient {
  return createApiClient({
    baseUrl: 'https://api.test',
    getLocationSearch: () => '',
    fetch: async (input, init) => {
      const request = input instanceof Request ? input : undefined;
      return answer((init?.method ?? request?.method ?? 'GET').toUpperCase(), new URL(request ? request.url : String(input)));
    },
  });
}

/** A JSON response of `status` (200 unless given). */
export const jsonResponse = (body: unknown, status = 200): Response => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
