import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import type { FeAppElement } from '../elements/fe-app.ts';
import '../elements/fe-authorized.ts';
import { isAuthorized, NAVIGATION_PERMISSIONS } from '../src/auth/authorization.ts';
import { SECTION_ACCESS, SECTION_IDS } from '../src/admin/shell/ids.ts';
import { ENTITLEMENTS_OFF_MESSAGE, entitlementStore, isEntitledTo } from '../src/app/entitlements.ts';
import { ADMIN, createUser, resetEmulator } from './helpers/emulator.ts';

async function signIn(email: string, password: string) {
  const r = await fetch('/frontegg/identity/resources/auth/v1/user', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(r.ok, await r.clone().text()).to.equal(true);
}

async function render(inner: ReturnType<typeof html>, entitlements = false) {
  const app = await fixture<FeAppElement>(html`<fe-app base-url=${location.origin} .options=${{ entitlements: { enabled: entitlements } }}>${inner}</fe-app>`);
  await waitUntil(() => app.app && !app.app.stores.$session.get().isLoading, 'session known', { timeout: 10000 });
  return app;
}

const visible = (el: Element) => (el as HTMLElement).offsetParent !== null || (getComputedStyle(el).display !== 'none' && (el as HTMLElement).getClientRects().length > 0);

describe('isAuthorized', () => {
  const user = { permissions: [{ key: 'fe.secure.read.users' }, { key: 'fe.connectivity.*' }], roles: [{ key: 'ReadOnly' }] };

  it('SI-6.02 needs every listed permission', () => {
    expect(isAuthorized(user, { permissions: ['fe.secure.read.users'] })).to.equal(true);
    expect(isAuthorized(user, { permissions: ['fe.secure.read.users', 'fe.secure.write.users'] })).to.equal(false);
  });

  it('SI-6.03 needs every listed role', () => {
    expect(isAuthorized(user, { roles: ['ReadOnly'] })).to.equal(true);
    expect(isAuthorized(user, { roles: ['ReadOnly', 'Admin'] })).to.equal(false);
  });

  it('SI-6.04 a superUser bypasses permissions and roles', () => {
    expect(isAuthorized({ superUser: true }, { permissions: ['anything'], roles: ['Admin'] })).to.equal(true);
    expect(isAuthorized(null, {})).to.equal(false);
  });

  // the rule itself, case by case, is tested once with the portal's (test/node/permission-rule.test.ts)
  it('SI-6.05 * is a wildcard on either side', () => {
    expect(isAuthorized(user, { permissions: ['fe.connectivity.read.webhooks'] }), 'granted pattern').to.equal(true);
    expect(isAuthorized(user, { permissions: ['fe.secure.read.*'] }), 'required pattern').to.equal(true);
    expect(isAuthorized(user, { permissions: ['fe.subscriptions.*'] })).to.equal(false);
  });

  it('SI-6.01 navigation is gated by the spec permission keys: the first read key of each section’s access (SECTION_ACCESS)', () => {
    // the keys of the spec, section by section, are checked on the registry (test/admin/sections.test.ts)
    const gated = SECTION_IDS.filter((id) => SECTION_ACCESS[id].read.length > 0);
    expect(Object.keys(NAVIGATION_PERMISSIONS)).to.have.members(gated);
    for (const id of gated) expect(NAVIGATION_PERMISSIONS[id as keyof typeof NAVIGATION_PERMISSIONS], id).to.equal(SECTION_ACCESS[id].read[0]);
    // the user's own profile and privacy need no key
    expect(SECTION_IDS.filter((id) => !gated.includes(id))).to.deep.equal(['profile', 'privacy']);
  });
});

describe('<fe-authorized> against the emulator', () => {
  beforeEach(() => resetEmulator());

  it('SI-6.02 SI-6.03 shows its content to the admin and the fallback to a read-only user', async () => {
    await signIn(ADMIN.email, ADMIN.password);
    let app = await render(
      html`<fe-authorized permissions="fe.secure.write.users" roles="Admin"
        ><p id="yes">secret</p>
        <p slot="fallback" id="no">nope</p></fe-authorized
      >`,
    );
    let gate = app.querySelector('fe-authorized')!;
    await waitUntil(() => gate.authorized, 'admin authorized');
    expect(visible(app.querySelector('#yes')!)).to.equal(true);
    expect(visible(app.querySelector('#no')!)).to.equal(false);

    await createUser('reader@acme.test', 'Reader-Passw0rd!');
    await signIn('reader@acme.test', 'Reader-Passw0rd!');
    app = await render(
      html`<fe-authorized permissions="fe.secure.write.users"
        ><p id="yes">secret</p>
        <p slot="fallback" id="no">nope</p></fe-authorized
      >`,
    );
    gate = app.querySelector('fe-authorized')!;
    await new Promise((r) => setTimeout(r, 50));
    expect(gate.authorized).to.equal(false);
    expect(visible(app.querySelector('#yes')!)).to.equal(false);
    expect(visible(app.querySelector('#no')!)).to.equal(true);
  });

  it('SI-6.05 a read-only user passes a wildcard read requirement; sign-out flips it back', async () => {
    await createUser('reader@acme.test', 'Reader-Passw0rd!');
    await signIn('reader@acme.test', 'Reader-Passw0rd!');
    const app = await render(html`<fe-authorized permissions="fe.secure.read.*"><p id="yes">reports</p></fe-authorized>`);
    const gate = app.querySelector('fe-authorized')!;
    await waitUntil(() => gate.authorized, 'authorized');
    const change = oneEvent(gate, 'fe-authorization-change');
    await app.logout();
    expect(((await change) as CustomEvent).detail).to.deep.equal({ authorized: false });
  });
});

describe('<fe-authorized> fails closed (issue 11)', () => {
  beforeEach(() => resetEmulator());
  const rendered = (el: Element) => (el as HTMLElement).getClientRects().length > 0;

  /** Renders without waiting, and samples every frame until the session is known: was `#yes` ever rendered? */
  async function watch(tpl: ReturnType<typeof html>, baseUrl = location.origin, entitlements = false) {
    let shown = false;
    const app = await fixture<FeAppElement>(html`<fe-app base-url=${baseUrl} log-level="error" .options=${{ entitlements: { enabled: entitlements } }}>${tpl}</fe-app>`);
    shown ||= rendered(app.querySelector('#yes')!);
    await new Promise<void>((done) => {
      const tick = () => {
        shown ||= rendered(app.querySelector('#yes')!);
        if (app.app && !app.app.stores.$session.get().isLoading) done();
        else requestAnimationFrame(tick);
      };
      tick();
    });
    await new Promise((r) => setTimeout(r, 100));
    shown ||= rendered(app.querySelector('#yes')!);
    return { app, gate: app.querySelector('fe-authorized')!, shown };
  }

  it('SI-6.02 nothing of the content renders before the session is known, and none for a user without the permission', async () => {
    await createUser('reader@acme.test', 'Reader-Passw0rd!');
    await signIn('reader@acme.test', 'Reader-Passw0rd!');
    const { app, gate, shown } = await watch(
      html`<fe-authorized permissions="fe.secure.write.users"
        ><p id="yes">secret</p>
        <p slot="fallback" id="no">nope</p></fe-authorized
      >`,
    );
    expect(shown, 'never rendered').to.equal(false);
    expect(gate.authorized).to.equal(false);
    expect(rendered(app.querySelector('#no')!)).to.equal(true);
    // no <style> element and no markup string: the shadow root is built with DOM calls
    expect(gate.shadowRoot!.querySelector('style')).to.equal(null);
    expect(gate.shadowRoot!.querySelector('slot:not([name])'), 'no default slot while unauthorized').to.equal(null);
    // a blocked stylesheet (strict style-src) changes nothing: the content has no slot to render in
    gate.shadowRoot!.adoptedStyleSheets = [];
    await new Promise((r) => requestAnimationFrame(r));
    expect(rendered(app.querySelector('#yes')!)).to.equal(false);
  });

  it('SI-6.02 the admin sees the content only once the session is known', async () => {
    await signIn(ADMIN.email, ADMIN.password);
    const app = await fixture<FeAppElement>(
      html`<fe-app base-url=${location.origin}
        ><fe-authorized permissions="fe.secure.write.users"><p id="yes">secret</p></fe-authorized></fe-app
      >`,
    );
    const early = app.app!.stores.$session.get().isLoading ? rendered(app.querySelector('#yes')!) : false;
    expect(early, 'hidden while the session loads').to.equal(false);
    await waitUntil(() => (app.querySelector('fe-authorized') as HTMLElement & { authorized: boolean }).authorized, 'authorized');
    expect(rendered(app.querySelector('#yes')!)).to.equal(true);
  });

  it('SI-4.38 a failed entitlement load keeps feature content hidden (fallback), though the plan grants it', async () => {
    const { tenantId } = await emulator('GET', '/_emulator');
    await emulator('POST', '/_emulator/entitlements/plans', { id: 'pro', name: 'Pro', features: ['reports'] });
    await emulator('POST', `/_emulator/entitlements/tenants/${tenantId}/plans`, { planId: 'pro' });
    await signIn(ADMIN.email, ADMIN.password);
    // the same emulator, but its user-entitlements call answers 500 (tools/wtr-fixture-api.js)
    const { app, gate, shown } = await watch(
      html`<fe-authorized feature="reports"
        ><p id="yes">reports</p>
        <p slot="fallback" id="no">upgrade</p></fe-authorized
      >`,
      `${location.origin}/__fixture/no-entitlements`,
      true,
    );
    expect(app.app!.stores.$session.get().isAuthenticated, 'signed in').to.equal(true);
    expect(shown, 'never rendered').to.equal(false);
    expect(gate.authorized).to.equal(false);
    expect(rendered(app.querySelector('#no')!)).to.equal(true);
  });

  it('outside <fe-app> the content never renders', async () => {
    const el = await fixture<HTMLElement>(html`<fe-authorized><p id="yes">secret</p></fe-authorized>`);
    await new Promise((r) => setTimeout(r, 50));
    expect(rendered(el.querySelector('#yes')!)).to.equal(false);
  });
});

async function emulator(method: string, path: string, body?: unknown) {
  const r = await fetch(path, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  expect(r.ok, `${method} ${path}: ${await r.clone().text()}`).to.equal(true);
  return r.json();
}

describe('<fe-authorized feature> and entitlements against the emulator', () => {
  beforeEach(() => resetEmulator());

  it('SI-4.38 SI-4.39 SI-7.19 a user without the feature sees the fallback; the plan is granted; after a reload the content appears', async () => {
    const { tenantId } = await emulator('GET', '/_emulator');
    await emulator('POST', '/_emulator/entitlements/plans', { id: 'pro', name: 'Pro', features: ['reports'] });
    await signIn(ADMIN.email, ADMIN.password);
    let app = await render(
      html`<fe-authorized feature="reports"
        ><p id="yes">reports</p>
        <p slot="fallback" id="no">upgrade</p></fe-authorized
      >`,
      true,
    );
    let gate = app.querySelector('fe-authorized')!;
    await new Promise((r) => setTimeout(r, 50));
    expect(gate.authorized).to.equal(false);
    expect(visible(app.querySelector('#no')!)).to.equal(true);
    expect(isEntitledTo({ featureKey: 'reports' }, undefined, app.app!)).to.deep.equal({ isEntitled: false, justification: 'MISSING_FEATURE' });

    await emulator('POST', `/_emulator/entitlements/tenants/${tenantId}/plans`, { planId: 'pro' });
    // a reload: a new app loads the new bundle
    app = await render(
      html`<fe-authorized feature="reports"
        ><p id="yes">reports</p>
        <p slot="fallback" id="no">upgrade</p></fe-authorized
      >`,
      true,
    );
    gate = app.querySelector('fe-authorized')!;
    await waitUntil(() => gate.authorized, 'entitled after the grant');
    expect(visible(app.querySelector('#yes')!)).to.equal(true);
    expect(isEntitledTo({ featureKey: 'reports' }, undefined, app.app!)).to.deep.equal({ isEntitled: true });
  });

  it('SI-4.40 a permission needs its linked features: MISSING_FEATURE until the plan is granted; the store updates on refresh', async () => {
    const { tenantId } = await emulator('GET', '/_emulator');
    await emulator('POST', '/_emulator/entitlements/features', { key: 'audit-export', linkedPermissions: ['fe.secure.read.audits'] });
    await emulator('POST', '/_emulator/entitlements/plans', { id: 'biz', features: ['audit-export'] });
    await signIn(ADMIN.email, ADMIN.password);
    const app = await render(html``, true);
    const $decision = entitlementStore({ permissionKey: 'fe.secure.read.audits' }, undefined, app.app!);
    const seen: unknown[] = [];
    const stop = $decision.subscribe((d) => seen.push(d));
    expect(seen.at(-1)).to.deep.equal({ isEntitled: false, justification: 'MISSING_FEATURE' });
    expect(isEntitledTo({ permissionKey: 'fe.not.granted' }, undefined, app.app!)).to.deep.equal({ isEntitled: false, justification: 'MISSING_PERMISSION' });
    await emulator('POST', `/_emulator/entitlements/tenants/${tenantId}/plans`, { planId: 'biz' });
    await app.app!.refresh();
    await waitUntil(() => (seen.at(-1) as { isEntitled: boolean }).isEntitled, 'store updated after the refresh');
    stop();
  });

  it('SI-5.08 entitlement functions fail while entitlements are off; <fe-authorized feature> shows the fallback', async () => {
    await signIn(ADMIN.email, ADMIN.password);
    const realError = console.error;
    const errors: unknown[] = [];
    console.error = (...a: unknown[]) => void errors.push(a);
    try {
      const app = await render(html`<fe-authorized feature="reports"><p id="yes">x</p></fe-authorized>`, false);
      expect(() => isEntitledTo({ featureKey: 'reports' }, undefined, app.app!)).to.throw(ENTITLEMENTS_OFF_MESSAGE);
      expect(ENTITLEMENTS_OFF_MESSAGE).to.equal('You must first enable entitlements via fe-app options to use this function');
      await new Promise((r) => setTimeout(r, 50));
      expect(app.querySelector('fe-authorized')!.authorized).to.equal(false);
      expect(String(errors.flat())).to.contain(ENTITLEMENTS_OFF_MESSAGE);
    } finally {
      console.error = realError;
    }
  });
});
