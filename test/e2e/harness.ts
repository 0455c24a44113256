import { chromium, type Browser, type Page } from 'playwright-core';
import { TOTP } from 'otpauth';
import { startEmulator } from '../../tools/emulator-process.js';
import { startDemo } from '../../examples/plain-html/server.mjs';

/** A parsed JSON answer, typed as `JSON.parse` types it (unchecked): the tests read the emulator's answers field by field. */
type Json = ReturnType<typeof JSON.parse>;

/** The running product for an end-to-end test: emulator + demo host + Chromium. */
export interface Harness {
  emulatorUrl: string;
  demoUrl: string;
  browser: Browser;
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

/** Starts the emulator (in-memory database) and the demo host on free ports, and Chromium. Needs `npm run build` first. */
export async function startHarness(opts: { page?: 'index.html' | 'hosted.html' } = {}): Promise<Harness> {
  const port = 18000 + Math.floor(Math.random() * 1000);
  const demoPort = port + 1000;
  // links in emails are built for allowed origins only: allow the demo host
  const emulator = await startEmulator({ port, dataDir: 'memory://', env: { EMULATOR_CORS_ORIGINS: `http://127.0.0.1:${demoPort}` } });
  const demo = await startDemo({ port: demoPort, emulatorUrl: emulator.url, page: opts.page });
  const browser = await launchChromium();
  let emulatorUp = true;
  return {
    emulatorUrl: emulator.url,
    demoUrl: demo.url,
    browser,
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
