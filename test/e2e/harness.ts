import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from 'playwright-core';
import { TOTP } from 'otpauth';
import { startEmulator } from '../../tools/emulator-process.js';
import { startDnsServer, type DnsServer } from '../../tools/dns-server.js';
import { startDemo } from '../../examples/plain-html/server.mjs';
import { freePort } from '../node/emulator.ts';

/** A parsed JSON answer, typed as `JSON.parse` types it (unchecked): the tests read the emulator's answers field by field. */
type Json = ReturnType<typeof JSON.parse>;

/** The running product for an end-to-end test: emulator + demo host + Chromium. */
export interface Harness {
  emulatorUrl: string;
  demoUrl: string;
  browser: Browser;
  /** With `startHarness({ dns: true })`: the local DNS server the emulator's SSO domain check resolves against. */
  dns?: DnsServer;
  api(method: string, path: string, body?: unknown): Promise<Json>;
  stopEmulator(): Promise<void>;
  close(): Promise<void>;
}

/** Debian's Chromium (/usr/bin/chromium), headless, without background traffic. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/**
 * Starts the emulator (in-memory database) and the demo host on free ports, and Chromium. Needs `npm run build` first.
 * `E2E_LITE=1` serves the demo on fe-elements/lite (npm test's `e2e (lite)` steps run the sign-in files so).
 * `dns: true` also starts a local DNS server (tools/dns-server.js, `harness.dns`) and points the emulator's SSO
 * domain check at it (`--dns-servers`).
 */
export async function startHarness(opts: { page?: 'index.html' | 'hosted.html'; dns?: boolean } = {}): Promise<Harness> {
  // ports the OS says are free (npm test runs two end-to-end files side by side)
  const [port, demoPort] = [await freePort(), await freePort()];
  const dns = opts.dns ? await startDnsServer() : undefined;
  // links in emails are built for allowed origins only: allow the demo host
  const emulator = await startEmulator({
    port,
    dataDir: 'memory://',
    env: { EMULATOR_CORS_ORIGINS: `http://127.0.0.1:${demoPort}` },
    dnsServers: dns ? [dns.address] : [],
  });
  const demo = await startDemo({ port: demoPort, emulatorUrl: emulator.url, page: opts.page, lite: process.env.E2E_LITE === '1' });
  const browser = await launchChromium();
  let emulatorUp = true;
  return {
    emulatorUrl: emulator.url,
    demoUrl: demo.url,
    browser,
    dns,
    async api(method, path, body) {
      const r = await fetch(emulator.url + path, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await r.text();
      if (!r.ok) throw new Error(`${method} ${path} → ${r.status} ${text}`);
      return text ? JSON.parse(text) : {};
    },
    async stopEmulator() {
      if (emulatorUp) await emulator.stop();
      emulatorUp = false;
    },
    async close() {
      await browser.close();
      await demo.stop();
      if (emulatorUp) await emulator.stop();
      await dns?.close();
    },
  };
}

/** TOTP code now, or `periods` × 30 s later (the emulator refuses a code used before). */
export function totp(secret: string, periods = 0): string {
  return new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + periods * 30_000 });
}

/** Locators of the demo page. */
export function demoPage(page: Page) {
  const box = page.locator('fe-login-box');
  return {
    box,
    email: box.getByLabel('Email', { exact: true }),
    password: box.getByLabel('Password', { exact: true }),
    code: box.getByLabel('Authentication code'),
    alert: box.getByRole('alert'),
    panel: page.locator('#signed-in'),
    signOut: page.locator('#sign-out'),
    step: () => box.locator('[data-step]').getAttribute('data-step'),
  };
}

/**
 * Signs `user` in on the demo page at `demoUrl` from the keyboard (email, Enter, password, Enter) and waits for the
 * signed-in panel: the start of every end-to-end test that then opens the portal.
 */
export async function signInOnDemo(page: Page, demoUrl: string, user: { email: string; password: string }): Promise<void> {
  const d = demoPage(page);
  await page.goto(demoUrl);
  await d.email.fill(user.email);
  await page.keyboard.press('Enter');
  await d.password.fill(user.password);
  await page.keyboard.press('Enter');
  await d.panel.waitFor({ state: 'visible' });
}

/** axe-core's browser build, read once. */
let axeSource: string | undefined;

/** One axe violation as a test failure shows it: rule, impact, help and the offending nodes (selectors into shadow roots). */
export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core on the whole page (open shadow roots included) with the WCAG 2.0–2.2 A/AA rules and the
 * best-practice rules (landmarks, one `<h1>`, unique ids …), and returns the violations. axe is evaluated through
 * the DevTools protocol, so a page's strict CSP does not stop it and the page needs no change.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      globalThis as unknown as {
        axe: { run(context: Document, options: object): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] }> };
      }
    ).axe;
    const { violations } = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] } });
    return violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => JSON.stringify(n.target)) }));
  });
}
