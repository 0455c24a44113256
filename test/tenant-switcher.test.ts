import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { decodeJwt } from 'jose';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import type { FeAppElement } from '../elements/fe-app.ts';
import '../elements/fe-tenant-switcher.ts';
import type { FlowEmitted } from '../machines/flow.ts';
import { tenantSwitcherMachine, type TenantSwitcherEvent } from '../machines/tenant-switcher.machine.ts';
import { TAB_TENANT_KEY, type FeApp } from '../src/app/app.ts';
import { $switchingTenant, switchTenant, TenantSwitchError } from '../src/app/tenants.ts';
import { FeErrorEvent, FeTenantChangeEvent, type FeTenantChangeDetail } from '../src/events/index.ts';
import '../stories/support/flows.ts';
import { tenantSwitcherStates, tenantSwitcherStepShown, type TenantSwitcherStateName } from '../stories/tenant-switcher-states.ts';
import { ADMIN, resetEmulator } from './helpers/emulator.ts';

const ACME = '5e6d0f7a-1c2b-4d3e-8f90-0a1b2c3d4e02';

const TENANTS = [
  { tenantId: 'acme', name: 'Acme' },
  { tenantId: 'globex', name: 'Globex' },
];

/** The machine on a given `switchTenant`, signed in to Acme, with what it emits and a way to push store changes. */
function run(switchTo: (tenantId: string) => Promise<FeTenantChangeDetail>) {
  const emitted: FlowEmitted[] = [];
  let push: (e: TenantSwitcherEvent) => void = () => {};
  const actor = createActor(
    tenantSwitcherMachine.provide({
      actors: {
        watchTenants: fromCallback<TenantSwitcherEvent>(({ sendBack }) => void (push = sendBack)),
        switchTenant: fromPromise(({ input }) => switchTo(input.tenantId)),
      },
    }),
    { input: { tenants: TENANTS, activeTenantId: 'acme', signedIn: true } },
  );
  actor.on('*', (e) => emitted.push(e as FlowEmitted));
  actor.start();
  return { actor, emitted, push: (e: TenantSwitcherEvent) => push(e) };
}

describe('tenant-switcher machine', () => {
  it('SI-7.30 tenant.select shows the choice at once (busy), then records the switch; nothing emitted', async () => {
    const asked: string[] = [];
    let finish!: () => void;
    const { actor, emitted } = run((tenantId) => {
      asked.push(tenantId);
      return new Promise((resolve) => (finish = () => resolve({ tenantId, tenant: null })));
    });
    expect(actor.getSnapshot().value).to.deep.equal({ switcher: 'idle' });
    actor.send({ type: 'tenant.select', tenantId: 'globex' });
    expect(actor.getSnapshot().hasTag('busy')).to.equal(true);
    expect(actor.getSnapshot().context.switchingTo).to.equal('globex');
    // a second choice while busy is ignored
    actor.send({ type: 'tenant.select', tenantId: 'acme' });
    finish();
    await waitFor(actor, (s) => s.matches({ switcher: 'idle' }));
    expect(asked).to.deep.equal(['globex']);
    expect(actor.getSnapshot().context).to.deep.include({ switchingTo: null, switched: 'globex', activeTenantId: 'globex', error: null });
    expect(emitted).to.deep.equal([]);
  });

  it('SI-7.30 a failed switch is undone (the active tenant shows again) and emitted as error', async () => {
    const failure = Object.assign(new Error('Couldn’t switch to Globex: User is not a member of this tenant'), { statusCode: 403, traceId: 't-1' });
    const { actor, emitted } = run(() => Promise.reject(failure));
    actor.send({ type: 'tenant.select', tenantId: 'globex' });
    await waitFor(actor, (s) => s.matches({ switcher: 'idle' }) && !!s.context.error);
    const error = { message: failure.message, statusCode: 403, traceId: 't-1' };
    expect(actor.getSnapshot().context).to.deep.include({ switchingTo: null, switched: null, activeTenantId: 'acme', error });
    expect(emitted).to.deep.equal([{ type: 'error', error }]);
    // the next choice clears the error
    actor.send({ type: 'tenant.select', tenantId: 'globex' });
    expect(actor.getSnapshot().context.error).to.equal(null);
  });

  it('tenants.changed (from the app stores) replaces the list, the active tenant and the signed-in flag', () => {
    const { actor, push } = run(async (tenantId) => ({ tenantId, tenant: null }));
    push({ type: 'tenants.changed', tenants: [], activeTenantId: null, signedIn: false });
    expect(actor.getSnapshot().context).to.deep.include({ tenants: [], activeTenantId: null, signedIn: false });
  });
});

async function call(method: string, path: string, body?: unknown): Promise<unknown> {
  const r = await fetch(path, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!r.ok) throw new Error(`${method} ${path} → ${r.status} ${await r.text()}`);
  return r.json();
}
const createTenant = (name: string) => call('POST', '/_emulator/tenants', { name }) as Promise<{ tenantId: string; name: string }>;
const addMember = (tenantId: string, activated = true) => call('POST', `/_emulator/tenants/${tenantId}/users`, { email: ADMIN.email, activated });
/** Password sign-in through the API: leaves the refresh cookie, so `<fe-app>` starts signed in. */
const signIn = () => call('POST', '/frontegg/identity/resources/auth/v1/user', ADMIN);

async function render(options: Record<string, unknown> = {}): Promise<{ app: FeApp; el: HTMLElement }> {
  const host = await fixture<FeAppElement>(html`<fe-app base-url=${location.origin} .options=${options}><fe-tenant-switcher></fe-tenant-switcher></fe-app>`);
  const app = host.app!;
  await app.start();
  return { app, el: host.querySelector('fe-tenant-switcher')! };
}

const select = (el: HTMLElement) => el.shadowRoot!.querySelector('select');
const optionNames = (el: HTMLElement) => [...select(el)!.options].map((o) => o.textContent);
const choose = (el: HTMLElement, tenantId: string) => {
  const s = select(el)!;
  s.focus();
  s.value = tenantId;
  s.dispatchEvent(new Event('change', { bubbles: true }));
};
const tokenTenant = (app: FeApp) => decodeJwt(app.stores.$session.get().accessToken!).tenantId;
const alertText = (el: HTMLElement) => el.shadowRoot!.querySelector('[role=alert]')?.textContent ?? '';
const stepOf = (el: HTMLElement) => el.shadowRoot?.querySelector('[data-step]')?.getAttribute('data-step') ?? null;

describe('<fe-tenant-switcher> against the emulator', () => {
  beforeEach(async () => {
    await resetEmulator();
    sessionStorage.removeItem(TAB_TENANT_KEY);
  });

  it('the switcher renders nothing while signed out or with a single tenant', async () => {
    const out = await render();
    expect(out.app.stores.$session.get().isAuthenticated).to.equal(false);
    expect(select(out.el)).to.equal(null);

    await signIn();
    const one = await render();
    expect(one.app.stores.$session.get().isAuthenticated).to.equal(true);
    expect(one.app.stores.$tenants.get().tenants).to.have.length(1);
    expect(select(one.el)).to.equal(null);
  });

  it('SI-7.30 AB-4.23 the switcher lists both tenants; choosing the other switches: JWT tenantId, $tenants.activeTenant, one fe-tenant-change', async () => {
    const globex = await createTenant('Globex');
    await addMember(globex.tenantId);
    await signIn();
    const { app, el } = await render();
    await waitUntil(() => select(el), 'switcher shown');
    expect(optionNames(el)).to.have.members(['Acme', 'Globex']);
    expect(select(el)!.value).to.equal(ACME);
    expect(tokenTenant(app)).to.equal(ACME);
    const label = el.shadowRoot!.querySelector('label')!;
    expect(label.htmlFor).to.equal(select(el)!.id);
    expect(select(el)!.getBoundingClientRect().height).to.be.at.least(24);

    const flags: (string | null)[] = [];
    const unwatch = $switchingTenant.listen((v) => flags.push(v));
    const events: Event[] = [];
    const count = (e: Event) => events.push(e);
    document.addEventListener('fe-tenant-change', count);
    const changed = oneEvent(document, 'fe-tenant-change');
    choose(el, globex.tenantId);
    // optimistic: the choice shows at once, with progress
    await waitUntil(() => el.shadowRoot!.querySelector('[role=status]')?.textContent === 'Switching to Globex…', 'progress shown');
    expect(select(el)!.value).to.equal(globex.tenantId);
    expect(select(el)!.getAttribute('aria-busy')).to.equal('true');
    const event = await changed;
    unwatch();
    expect(event).to.be.instanceOf(FeTenantChangeEvent);
    expect(event.composed).to.equal(true);
    expect(event.detail.tenantId).to.equal(globex.tenantId);
    expect(event.detail.tenant!.name).to.equal('Globex');
    expect(flags).to.deep.equal([globex.tenantId, null]);
    expect(tokenTenant(app)).to.equal(globex.tenantId);
    expect(app.stores.$tenants.get().activeTenant!.tenantId).to.equal(globex.tenantId);
    await waitUntil(() => el.shadowRoot!.querySelector('[role=status]')?.textContent === 'Switched to Globex.', 'done announced');
    expect(stepOf(el)).to.equal('switched');
    expect(select(el)!.value).to.equal(globex.tenantId);
    expect(select(el)!.hasAttribute('aria-busy')).to.equal(false);
    document.removeEventListener('fe-tenant-change', count);
    expect(events, 'one dispatch per switch').to.have.length(1);
    // a reload (refresh) keeps the new tenant
    await app.refresh();
    expect(tokenTenant(app)).to.equal(globex.tenantId);
  });

  it('SI-7.30 switching to a tenant the user is not (any more) in fails: the selection reverts and the error is announced', async () => {
    const globex = await createTenant('Globex');
    await addMember(globex.tenantId);
    await signIn();
    const { app, el } = await render();
    await waitUntil(() => select(el), 'switcher shown');
    // the membership becomes pending after the list loaded
    await addMember(globex.tenantId, false);
    const error = oneEvent(el, 'fe-error');
    choose(el, globex.tenantId);
    const event = await error;
    expect(event).to.be.instanceOf(FeErrorEvent);
    expect(event.detail.statusCode).to.equal(403);
    expect(event.detail.message).to.equal('Couldn’t switch to Globex: User is not a member of this tenant');
    await waitUntil(() => alertText(el) === event.detail.message, 'error announced');
    expect(stepOf(el)).to.equal('error');
    expect(select(el)!.value).to.equal(ACME);
    expect(tokenTenant(app)).to.equal(ACME);
    expect(app.stores.$session.get().isAuthenticated).to.equal(true);
    expect($switchingTenant.get()).to.equal(null);
  });

  it('SI-7.30 switchTenant() as a host function: default app, document event, per-tab tenant in sessionStorage', async () => {
    const globex = await createTenant('Globex');
    await addMember(globex.tenantId);
    await signIn();
    const { app } = await render({ sessionPerTab: true });
    expect(tokenTenant(app)).to.equal(ACME);
    const changed = oneEvent(document, 'fe-tenant-change');
    const result = await switchTenant(globex.tenantId);
    expect(result.tenantId).to.equal(globex.tenantId);
    expect((await changed).detail.tenantId).to.equal(globex.tenantId);
    expect(sessionStorage.getItem(TAB_TENANT_KEY)).to.equal(globex.tenantId);
    expect(tokenTenant(app)).to.equal(globex.tenantId);
    expect(app.stores.$session.get().user!.tenantId).to.equal(globex.tenantId);

    // a refused switch throws and leaves the tab's tenant alone
    const initech = await createTenant('Initech');
    let thrown: unknown;
    try {
      await switchTenant(initech.tenantId, app);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).to.be.instanceOf(TenantSwitchError);
    expect((thrown as TenantSwitchError).statusCode).to.equal(403);
    expect(sessionStorage.getItem(TAB_TENANT_KEY)).to.equal(globex.tenantId);
    expect(tokenTenant(app)).to.equal(globex.tenantId);
    sessionStorage.removeItem(TAB_TENANT_KEY);
  });
});

describe('<fe-tenant-switcher> accessibility (axe-core) in every state', () => {
  for (const [name, spec] of Object.entries(tenantSwitcherStates)) {
    it(`SI-7.30 ${name} has no axe violations and shows its step`, async () => {
      const host = await fixture<FeAppElement>(
        html`<fe-app preview base-url="https://preview.invalid"><fe-tenant-switcher-story state=${JSON.stringify(spec)}></fe-tenant-switcher-story></fe-app>`,
      );
      const el = host.querySelector('fe-tenant-switcher-story') as HTMLElement;
      const step = tenantSwitcherStepShown(name as TenantSwitcherStateName);
      await waitUntil(() => stepOf(el) === step, `step ${step} (now ${stepOf(el)})`, { timeout: 10000 });
      await expect(el).to.be.accessible();
    });
  }
});
