/**
 * Helpers of the browser tests of acting in a sub-account (issue 34; test/admin/sub-account-access.test.ts,
 * sub-account-users.test.ts): sub-accounts and their users made through the emulator's own routes, the portal's
 * requests recorded (their Authorization header), the banner, and entering an account as the account tree does.
 */
import { waitUntil } from '@open-wc/testing';
import type { FeAppElement } from '../../elements/fe-app.ts';
import '../../elements/fe-admin-portal.ts';
import { enterAccount } from '../../src/admin/shell/enter-account.ts';
import { decodeClaims } from '../../src/auth/claims.ts';
import { ADMIN } from '../helpers/emulator.ts';
import { callEmulator, chooseFromMenu, renderSection, root, rowsOf, SLOW } from './helpers.ts';

/** One request the page sent to the identity API: its method, path and Authorization header. */
export interface Sent {
  method: string;
  path: string;
  authorization: string | null;
}

/** Records every `/frontegg/` request the page sends until `restore()`. */
export function recordRequests(): { sent: Sent[]; restore: () => void } {
  const original = window.fetch;
  const sent: Sent[] = [];
  window.fetch = (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, location.href);
    if (url.pathname.startsWith('/frontegg/')) {
      const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
      sent.push({ method: (init?.method ?? 'GET').toUpperCase(), path: url.pathname, authorization: headers.get('authorization') });
    }
    return original(input, init);
  };
  return { sent, restore: () => void (window.fetch = original) };
}

/** The tenant id of the seeded account "Acme". */
export async function acmeId(): Promise<string> {
  const all = (await callEmulator('GET', '/_emulator/tenants')) as { tenantId: string; name: string }[];
  return all.find((x) => x.name === 'Acme')!.tenantId;
}

/** A sub-account of Acme; `admin` makes the seeded admin a member with the Admin role (so its token can be minted today). */
export async function subAccount(name: string, admin: boolean): Promise<string> {
  const { tenantId } = (await callEmulator('POST', '/_emulator/tenants', { name, parentTenantId: await acmeId() })) as { tenantId: string };
  if (admin) await callEmulator('POST', `/_emulator/tenants/${tenantId}/users`, { email: ADMIN.email, roles: ['Admin'] });
  return tenantId;
}

/** `count` users of `tenantId` only, named "West user 01", "West user 02", … (emails w01@west.test …), in a shuffled order. */
export async function westUsers(tenantId: string, count: number): Promise<void> {
  const order = Array.from({ length: count }, (_x, i) => (i * 7) % count);
  for (const i of order) {
    const n = String(i + 1).padStart(2, '0');
    await callEmulator('POST', '/_emulator/users', { email: `w${n}@west.test`, password: 'West-Passw0rd!', name: `West user ${n}`, tenantId, roles: ['ReadOnly'] });
  }
}

export const navTexts = (el: HTMLElement) => [...root(el).querySelectorAll<HTMLAnchorElement>('nav[aria-label=Sections] a')].map((a) => a.textContent);
export const banner = (el: HTMLElement, account: string) => root(el).querySelector<HTMLElement>(`[role=region][aria-label="Acting in ${account}"]`);
export const liveStatus = (el: HTMLElement) => [...root(el).querySelectorAll('[role=status]')].map((s) => s.textContent ?? '').join(' ');
export const usersTable = (el: HTMLElement) => root(el).querySelector('table[aria-label="Users of this account"]');
export const emailsShown = (el: HTMLElement) => rowsOf(el).map((r) => r.querySelector('[data-user-cell] > :nth-child(2)')?.textContent?.trim() ?? '');
export const namesShown = (el: HTMLElement) => rowsOf(el).map((r) => r.querySelector('[data-user-cell] > :first-child')?.textContent?.trim() ?? '');
export const menu = (el: HTMLElement, email: string, label: string) =>
  chooseFromMenu(
    el,
    rowsOf(el)
      .find((r) => r.textContent?.includes(email))!
      .querySelector<HTMLButtonElement>('button[aria-label^="Actions for"]')!,
    label,
  );

/** Renders the portal at its users section (the own account's users) and waits for them. */
export async function portalAtUsers(): Promise<HTMLElement> {
  history.replaceState(null, '', `${location.pathname}${location.search}#/admin/users`);
  const el = await renderSection('fe-admin-portal');
  await waitUntil(() => usersTable(el) && rowsOf(el).length > 0, 'the own users', SLOW);
  return el;
}

/** The app of the portal rendered (`<fe-app>` around it). */
export const appOf = (el: HTMLElement) => (el.closest('fe-app') as FeAppElement).app!;

/**
 * Enters account `tenantId` as the account tree's "Enter" does (src/admin/shell/acting.ts `enterAccount`, the entry
 * point the tree calls: its button is src/admin/shell/EnterAccountButton.tsx, tried below in preview) and waits for the
 * banner and the account's users.
 */
/** The Next page button of the table's pagination. */
export const nextPage = (el: HTMLElement) => [...root(el).querySelectorAll<HTMLButtonElement>('nav button')].find((b) => b.textContent?.trim() === 'Next');

/** Whether `authorization` is the own session's: `Bearer <token>` of the account `tenantId`. */
export const ownSession = (authorization: string | null, tenantId: string) =>
  Boolean(authorization?.startsWith('Bearer ')) && decodeClaims(authorization!.slice(7)).tenantId === tenantId;

export async function enter(el: HTMLElement, tenantId: string, account: string): Promise<void> {
  await enterAccount(appOf(el), { tenantId, name: account });
  await waitUntil(() => banner(el, account), 'the banner', SLOW);
  await waitUntil(() => usersTable(el) && rowsOf(el).some((r) => r.textContent?.includes('@west.test')), 'the users of the account', SLOW);
}
