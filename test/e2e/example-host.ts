/**
 * One end-to-end scenario for every example host (examples/*), each file `example-<name>.e2e.ts` calling
 * `describeExample`: the example is built inside the test (CI runs on a clean clone), served on a loopback port
 * with its same-origin proxy to the emulator, and driven in Chromium. What a user of the example notices:
 * - the login box wears the example's `--fe-color-primary` (computed inside its shadow root), over the seeded
 *   vendor's metadata theme (primary #4c5ee6): a host's CSS wins;
 * - signing in with the seeded admin shows "Signed in as <email>" in the framework's own view;
 * - the "Admin portal" link opens `<fe-admin-portal>`, which renders its navigation;
 * - signing out in a second tab (same browser context) turns the first tab to its signed-out state;
 * - signed out, signed in and on the portal page, the page has one `<h1>` and no axe violations (WCAG 2.2 A/AA and
 *   best practices, shadow roots included).
 * Needs the library built first (`npm run build`; step 1 of `npm test`).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startEmulator } from '../../tools/emulator-process.js';
import { ADMIN, freePort } from '../node/emulator.ts';
import { startSpaHost } from '../../tools/spa-host.js';
import { axeViolations, launchChromium } from './harness.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** A running example host. */
export interface ExampleHost {
  url: string;
  stop(): Promise<void>;
}

export interface Example {
  /** The workspace folder under examples/. */
  name: string;
  /** A variant of the example, named in the test titles; `lite`: its elements come from fe-elements/lite. */
  variant?: string;
  /** `--fe-color-primary` as the example's CSS sets it (`#rrggbb`). */
  primary: string;
  /** Builds the example (npm run build in its workspace) before the host starts; false: nothing to build. */
  build?: boolean;
  /** Environment of the build. */
  buildEnv?: Record<string, string>;
  /**
   * Starts the host on `port`, forwarding the identity API to `emulatorUrl`. Default: the example's Vite build
   * (`examples/<name>/dist`) served by tools/spa-host.js.
   */
  start?(options: { port: number; emulatorUrl: string }): Promise<ExampleHost>;
  /** The example links to a page with `<fe-admin-portal>` (default true). */
  portal?: boolean;
}

/** Runs `npm run <script>` in the example's workspace; resolves with its wall time in seconds, rejects with its output. */
export function runInWorkspace(name: string, script: string, env: Record<string, string> = {}): Promise<number> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', script, '--silent', '-w', `examples/${name}`], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => (code === 0 ? resolve((Date.now() - started) / 1000) : reject(new Error(`npm run ${script} -w examples/${name} → exit ${code}\n${out}`))));
  });
}

/**
 * Starts a server process (its own process group, stopped with its children) and resolves once `url` answers.
 */
export async function startServer(command: string, args: string[], { cwd, env, url }: { cwd: string; env: Record<string, string>; url: string }): Promise<ExampleHost> {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      process.kill(-child.pid!, 'SIGTERM');
      setTimeout(() => child.exitCode === null && process.kill(-child.pid!, 'SIGKILL'), 5000).unref();
    });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command} ${args.join(' ')} exited (${child.exitCode}):\n${out}`);
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { url, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${command} ${args.join(' ')} did not answer in 60 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** `#rrggbb` → `rgb(r, g, b)`, as getComputedStyle reports a colour. */
function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

/** The login box of a page: its fields and its primary button. */
function loginBox(page: Page) {
  const box = page.locator('fe-login-box');
  return {
    box,
    email: box.getByLabel('Email', { exact: true }),
    password: box.getByLabel('Password', { exact: true }),
    submit: box.locator('button[type=submit]').first(),
  };
}

/** The framework's view of the signed-in user ("Signed in as <email>"). */
const signedInEmail = (page: Page) => page.getByTestId('email');

/** The page has exactly one `<h1>` (light DOM) and axe finds nothing (WCAG 2.2 A/AA and best practices). */
async function assertAccessible(page: Page, where: string): Promise<void> {
  // a framework's client navigation (Next.js after the sign-in) writes the <head> after the view: axe reads the page
  // once the title is back (a page that never has one still fails below, on axe's document-title rule)
  await page.waitForFunction(() => document.title !== '', null, { timeout: 5000 }).catch(() => undefined);
  assert.equal(await page.locator('h1').count(), 1, `${where}: one <h1>`);
  assert.deepEqual(await axeViolations(page), [], `${where}: no axe violations`);
}

export function describeExample(example: Example): void {
  const { name, primary, portal = true } = example;
  describe(`example host: ${name}${example.variant ? ` (${example.variant})` : ''}`, () => {
    let browser: Browser;
    let emulator: { url: string; stop(): Promise<void> };
    let host: ExampleHost;
    let context: BrowserContext;
    let one: Page;

    before(async () => {
      assert.ok(existsSync(`${root}/dist/fe-elements.js`), 'the library is built (npm run build)');
      if (example.build !== false) {
        const seconds = await runInWorkspace(name, 'build', example.buildEnv);
        process.stdout.write(`# examples/${name} built in ${seconds.toFixed(1)} s\n`);
      }
      const [emulatorPort, port] = [await freePort(), await freePort()];
      emulator = await startEmulator({ port: emulatorPort, dataDir: 'memory://', env: { EMULATOR_CORS_ORIGINS: `http://127.0.0.1:${port}` } });
      const start = example.start ?? ((o) => startSpaHost({ dir: `${root}/examples/${name}/dist`, ...o }));
      host = await start({ port, emulatorUrl: emulator.url });
      browser = await launchChromium();
      context = await browser.newContext();
    });
    after(async () => {
      await browser?.close();
      await host?.stop();
      await emulator?.stop();
    });

    it('themes the login box with the example’s --fe-color-primary', async () => {
      one = await context.newPage();
      await one.goto(host.url);
      const { email, submit } = loginBox(one);
      await email.waitFor();
      assert.equal(await submit.evaluate((b) => getComputedStyle(b).backgroundColor), rgb(primary));
      // the entry the elements come from (elements/internal/react-element.ts defineElement marks each class)
      const entry = example.variant === 'lite' ? 'fe-elements/lite' : 'fe-elements';
      assert.equal(await one.evaluate(() => (customElements.get('fe-login-box') as unknown as { fe?: string }).fe), entry);
    });

    it('signed out: one <h1> and no axe violations (WCAG 2.2 AA, best practices)', async () => {
      await assertAccessible(one, 'signed out');
    });

    it('signs in with the seeded admin and shows the user in the framework’s view', async () => {
      const { email, password } = loginBox(one);
      await email.fill(ADMIN.email);
      await one.keyboard.press('Enter');
      await password.fill(ADMIN.password);
      await one.keyboard.press('Enter');
      await signedInEmail(one).waitFor();
      assert.equal((await signedInEmail(one).textContent())?.trim(), ADMIN.email);
      assert.match((await one.getByTestId('signed-in').textContent()) ?? '', new RegExp(`Signed in as\\s*${ADMIN.email.replace('.', '\\.')}`));
    });

    it('signed in: one <h1> and no axe violations', async () => {
      await assertAccessible(one, 'signed in');
    });

    it('opens the admin portal, which renders its navigation', { skip: !portal && 'no portal page' }, async () => {
      await one.getByRole('link', { name: 'Admin portal' }).click();
      await one.waitForURL((u) => u.pathname === '/admin');
      const nav = one.locator('fe-admin-portal').getByRole('navigation', { name: 'Sections' });
      await nav.waitFor();
      await nav.getByRole('link', { name: 'Users' }).waitFor();
      // the first section shown: its content, not only the navigation
      await one.locator('fe-admin-portal').getByRole('heading', { level: 2 }).first().waitFor();
      await assertAccessible(one, 'the portal page');
    });

    it('a sign-out in a second tab turns the first tab to its signed-out state', async () => {
      const two = await context.newPage();
      await two.goto(host.url);
      await signedInEmail(two).waitFor(); // the session is restored from the shared refresh cookie
      await two.getByRole('button', { name: 'Sign out' }).click();
      await loginBox(two).email.waitFor();
      // the first tab hears fe-logout (detail.remote) and shows the login box again
      await loginBox(one).email.waitFor();
      // gone, or hidden (the plain-HTML page keeps its panels in the DOM)
      assert.equal(await signedInEmail(one).filter({ visible: true }).count(), 0);
      assert.equal(await one.locator('fe-admin-portal').filter({ visible: true }).count(), 0);
      await two.close();
    });
  });
}
