/**
 * <fe-admin-sso> (issue 23 items 1–5 and 7, client side): the designed states and every state of the setup flows in
 * preview (axe-clean in the light and the dark scheme), and, against the emulator, the section as an administrator
 * uses it.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { emulateMedia, executeServerCommand, sendKeys } from '@web/test-runner-commands';
import '../../elements/admin/fe-admin-sso.ts';
import '../../elements/fe-admin-portal.ts';
import type { SsoConfiguration } from '../../src/api/sso.ts';
import { ADMIN, resetEmulator } from '../helpers/emulator.ts';
import '../../stories/support/admin-story.tsx';
import '../../stories/support/admin-dialogs.ts';
import { adminSamlStates } from '../../stories/admin-saml-states.ts';
import { adminSsoDomainStates } from '../../stories/admin-sso-domain-states.ts';
import { adminSsoSetupStates } from '../../stories/admin-sso-setup-states.ts';
import {
  active,
  alertText,
  api,
  button,
  byLabel,
  callEmulator,
  chooseFile,
  dialog,
  expectAccessibleWhen,
  expectNoAccess,
  fill,
  input,
  renderSection,
  renderStory,
  root,
  shown,
  signIn,
  signInAsReader,
  signInWithoutRoles,
  SLOW,
} from './helpers.ts';

const SSO = '/frontegg/team/resources/sso/v1';
const renderSso = () => renderSection('fe-admin-sso');
/** Slows the next `method path` down by `ms`, so its progress is seen. */
const slowNext = (method: string | undefined, path: string, ms = 800) => callEmulator('PUT', '/_emulator/faults', { faults: [{ method, path, delayMs: ms, times: 1 }] });
/** The radio (or checkbox) labelled `label` inside `scope`. */
const choice = (scope: ParentNode, label: string) =>
  [...scope.querySelectorAll<HTMLLabelElement>('label')].find((l) => l.textContent?.includes(label))?.querySelector<HTMLInputElement>('input') ?? null;
/** The role checkbox `role` of the fieldset whose legend is `legend`. */
const roleBox = (scope: ParentNode, legend: string, role: string) => {
  const set = [...scope.querySelectorAll('fieldset')].find((f) => f.querySelector('legend')?.textContent === legend);
  return set ? choice(set, role) : null;
};
/** The TXT value shown for `domain`. */
const txtOf = (el: HTMLElement, domain: string) => root(el).querySelector(`[data-domain="${domain}"] [data-copy-value^="fe-sso-txt-value"]`)?.textContent ?? '';
const configurations = (token: string) => api<SsoConfiguration[]>(token, 'GET', `${SSO}/configurations`);

/** Clicks the setup dialog's button `label`, then waits for the step `step`. */
async function next(el: HTMLElement, label: string, step: string): Promise<void> {
  button(dialog(el)!, label)!.click();
  await waitUntil(() => dialog(el)?.querySelector('[aria-current=step]')?.textContent?.includes(step), step, SLOW);
}

/** Opens the setup dialog from the section's Add button, chooses `vendor` and passes the step of what to paste into the IdP. */
async function startSetup(el: HTMLElement, vendor: string): Promise<HTMLElement> {
  await waitUntil(() => button(root(el), 'Add SSO connection'), 'add button', SLOW);
  button(root(el), 'Add SSO connection')!.click();
  await waitUntil(() => dialog(el), 'setup dialog', SLOW);
  choice(dialog(el)!, vendor)!.click();
  await next(el, 'Next', 'Prepare your IdP');
  await waitUntil(() => dialog(el)?.querySelector('[data-copy-value]'), 'the values to paste', SLOW);
  await next(el, 'Next', 'Configure');
  return dialog(el)!;
}

/** Starts an OIDC setup with the issuer `issuer` (client `portal`), continues, and expects the refusal `sentence`. */
async function refusedIssuer(el: HTMLElement, issuer: string, sentence: string): Promise<void> {
  const d = await startSetup(el, 'OpenID Connect');
  fill(input(d, 'issuer')!, issuer);
  fill(input(d, 'clientId')!, 'portal');
  fill(input(d, 'clientSecret')!, 'oidc-s3cret');
  button(d, 'Continue')!.click();
  await waitUntil(() => alertText(el), 'discovery refused', SLOW);
  expect(alertText(el)).to.equal(sentence);
}

/** Checks `el` with axe in the light, then the dark scheme. */
async function lightAndDark(el: HTMLElement, ready: (el: HTMLElement) => unknown, what: string): Promise<void> {
  await expectAccessibleWhen(el, ready, what);
  await emulateMedia({ colorScheme: 'dark' });
  await waitUntil(() => getComputedStyle(el).getPropertyValue('--fe-color-scheme').trim() === 'dark', 'dark tokens', SLOW);
  await expect(el).to.be.accessible();
}

describe('<fe-admin-sso> designed states (preview), light and dark', () => {
  afterEach(async () => {
    await emulateMedia({ colorScheme: 'light' });
  });
  const states: [string, string | undefined, (el: HTMLElement) => unknown][] = [
    ['filled', undefined, (el) => root(el).querySelectorAll('[data-connection]').length === 2 && shown(el, 'Legacy SAML configuration (one domain)')],
    ['empty', undefined, (el) => shown(el, 'No SSO connection yet')],
    ['loading', undefined, (el) => root(el).querySelector('[role=status]')?.textContent?.includes('Loading…')],
    ['error', undefined, (el) => alertText(el).includes('Service temporarily unavailable')],
    [
      'readOnly',
      undefined,
      (el) => shown(el, 'You can view the SSO connections.') && root(el).querySelector('[data-connection]') && !root(el).querySelector('input[role=switch]:not([disabled])'),
    ],
    ['filled', 'preview-sso-okta', (el) => shown(el, 'SHA-256 fingerprint') && shown(el, 'acme-eu.example') && root(el).querySelector('input[name=group]')],
    ['filled', 'preview-sso-oidc', (el) => root(el).querySelector('input[name=clientSecret]')],
    ['readOnly', 'preview-sso-okta', (el) => shown(el, 'SHA-256 fingerprint') && !root(el).querySelector('button[type=submit]')],
  ];
  for (const [scenario, sub, ready] of states) {
    it(`${scenario}${sub ? ` ${sub}` : ''} has no axe violations`, async () => {
      const el = await renderStory('sso', scenario, sub);
      await lightAndDark(el, ready, `${scenario} ${sub ?? ''}`);
    });
  }
  for (const state of Object.keys(adminSsoSetupStates).filter((s) => s !== 'closed')) {
    it(`setup ${state} has no axe violations`, async () => {
      const el = await renderStory('sso', 'filled', 'add', { tag: 'fe-admin-sso-setup', state: adminSsoSetupStates[state as keyof typeof adminSsoSetupStates] });
      await lightAndDark(el, (x) => dialog(x)?.querySelector('ol [aria-current=step]'), state);
    });
  }
  it('issue 31 item 5 the test sign-in’s result (the preview answers it: ann@acme.example and her groups) has no axe violations', async () => {
    const el = await renderStory('sso', 'filled', 'add', { tag: 'fe-admin-sso-setup', state: adminSsoSetupStates.enable });
    await waitUntil(() => dialog(el) && button(dialog(el)!, 'Test sign-in'), 'the enable step', SLOW);
    button(dialog(el)!, 'Test sign-in')!.click();
    await waitUntil(() => shown(el, 'Test sign-in succeeded: your identity provider signed in ann@acme.example.'), 'the result', SLOW);
    expect(dialog(el)!.querySelector('[data-test-attributes] dd')?.textContent).to.equal('engineering');
    await lightAndDark(el, (x) => shown(x, 'Attributes received'), 'test sign-in result');
  });
  it('issue 31 item 5 an OIDC connection has "Test sign-in" too; its result lists the claims received, with no axe violations', async () => {
    const el = await renderStory('sso', 'filled', 'preview-sso-oidc');
    await waitUntil(() => button(root(el), 'Test sign-in'), 'the OIDC connection’s Test sign-in', SLOW);
    button(root(el), 'Test sign-in')!.click();
    await waitUntil(() => shown(el, 'Test sign-in succeeded: your identity provider signed in ann@acme.example.'), 'the result', SLOW);
    expect(shown(el, 'Claims received')).to.equal(true);
    await lightAndDark(el, (x) => shown(x, 'Claims received'), 'OIDC test sign-in result');
  });
  for (const state of Object.keys(adminSsoDomainStates)) {
    it(`domain ${state} has no axe violations`, async () => {
      const el = await renderStory('sso', 'filled', 'preview-sso-okta', { tag: 'fe-admin-sso-domain', state: adminSsoDomainStates[state as keyof typeof adminSsoDomainStates] });
      await lightAndDark(el, (x) => shown(x, 'SHA-256 fingerprint'), state);
    });
  }
  for (const state of Object.keys(adminSamlStates).filter((s) => s !== 'loading' && s !== 'failed')) {
    it(`legacy SAML ${state} has no axe violations`, async () => {
      const el = await renderStory('sso', 'filled', undefined, { tag: 'fe-admin-saml', state: adminSamlStates[state as keyof typeof adminSamlStates] });
      await lightAndDark(el, (x) => shown(x, 'Legacy SAML configuration (one domain)'), state);
    });
  }
});

describe('<fe-admin-sso> against the emulator', () => {
  beforeEach(async () => {
    await emulateMedia({ colorScheme: 'light' });
    await resetEmulator();
    await executeServerCommand('dns-clear');
    history.replaceState(null, '', location.pathname + location.search);
  });
  after(async () => {
    await executeServerCommand('idp-stop-all');
  });

  it('AB-3.20 AB-3.21 AB-7.51 AB-7.52 AB-6.08 SAML from the local IdP’s metadata URL: certificate and our ACS URL / entity ID reviewed, a domain proven by its DNS TXT record, default roles and a group mapping saved and read back', async function () {
    this.timeout(60000);
    const { metadataUrl } = (await executeServerCommand('idp-saml-start', {})) as { metadataUrl: string };
    const token = await signIn(ADMIN);
    const el = await renderSso();
    // nothing configured yet: the empty state invites to add one
    await waitUntil(() => shown(el, 'No SSO connection yet'), 'empty state', SLOW);
    const d = await startSetup(el, 'Okta');
    expect(choice(d, 'From a metadata URL')!.checked).to.equal(true);
    fill(input(d, 'metadataUrl')!, metadataUrl);
    button(d, 'Continue')!.click();
    await waitUntil(() => shown(el, 'SHA-256 fingerprint'), 'review', SLOW);
    // the certificate read from the metadata, and our side to give the IdP, each with a copy button
    expect(shown(el, 'fe-elements test SAML IdP')).to.equal(true);
    const [stored] = await configurations(token);
    expect(stored.type).to.equal('saml');
    const acs = root(el).querySelector('[data-copy-value^="fe-sso-acs"]')?.textContent;
    expect(acs).to.equal(stored.acsUrl);
    expect(root(el).querySelector('[data-copy-value^="fe-sso-entity"]')?.textContent).to.equal(stored.spEntityId);
    expect(byLabel(dialog(el)!, 'Copy ACS URL (reply URL)')).to.exist;
    button(dialog(el)!, 'Next')!.click();

    // domains: add one, publish its TXT record, validate
    await waitUntil(() => input(dialog(el)!, 'domain'), 'domain step', SLOW);
    fill(input(dialog(el)!, 'domain')!, 'corp.test');
    button(dialog(el)!, 'Add domain')!.click();
    await waitUntil(() => txtOf(el, 'corp.test'), 'TXT record shown', SLOW);
    await executeServerCommand('dns-set-txt', { name: 'corp.test', values: [txtOf(el, 'corp.test')] });
    button(dialog(el)!, 'Validate')!.click();
    await waitUntil(() => dialog(el)?.querySelector('[data-domain="corp.test"]')?.textContent?.includes('✓ Validated'), 'validated', SLOW);
    button(dialog(el)!, 'Next')!.click();

    // authorization: a default role and a group mapping
    await waitUntil(() => dialog(el)?.querySelector('[aria-current=step]')?.textContent?.includes('Roles'), 'roles step', SLOW);
    await waitUntil(() => roleBox(dialog(el)!, 'Default roles', 'Read only'), 'roles listed', SLOW);
    roleBox(dialog(el)!, 'Default roles', 'Read only')!.click();
    button(dialog(el)!, 'Add group mapping')!.click();
    await waitUntil(() => input(dialog(el)!, 'group'), 'a mapping row', SLOW);
    fill(input(dialog(el)!, 'group')!, 'engineering');
    await waitUntil(() => roleBox(dialog(el)!, 'Roles for engineering', 'Admin'), 'the row’s roles', SLOW);
    roleBox(dialog(el)!, 'Roles for engineering', 'Admin')!.click();
    button(dialog(el)!, 'Save roles')!.click();
    await waitUntil(() => dialog(el)?.querySelector('[aria-current=step]')?.textContent?.includes('Test and enable'), 'enable step', SLOW);
    // issue 31 item 5: made disabled, enabled only at the end
    expect((await configurations(token))[0].enabled).to.equal(false);
    await next(el, 'Enable connection', 'Test and enable');
    await waitUntil(() => shown(el, 'Your SSO connection is enabled.'), 'done', SLOW);
    expect((await configurations(token))[0].enabled).to.equal(true);
    button(dialog(el)!, 'Done')!.click();
    await waitUntil(() => !dialog(el), 'closed', SLOW);

    const [saved] = await configurations(token);
    const roles = await api<{ id: string; name: string }[]>(token, 'GET', '/frontegg/identity/resources/roles/v1');
    const id = (name: string) => roles.find((r) => r.name === name)!.id;
    expect(saved.domains.map((x) => [x.domain, x.validated])).to.deep.equal([['corp.test', true]]);
    expect(saved.roleIds).to.deep.equal([id('Read only')]);
    expect(saved.groups.map((g) => [g.group, g.roleIds])).to.deep.equal([['engineering', [id('Admin')]]]);
    // the list shows it: the domain validated, the role named
    await waitUntil(
      () =>
        root(el)
          .querySelector(`[data-connection="${saved.id}"]`)
          ?.textContent?.match(/corp\.test\s*✓ Validated/),
      'listed',
      SLOW,
    );
  });

  it('AB-7.51 OIDC from an issuer: discovery happens at the emulator (its error shown, the input kept); the secret is never shown after save', async function () {
    this.timeout(60000);
    const { issuer } = (await executeServerCommand('idp-oidc-start', {
      clients: [{ client_id: 'portal', client_secret: 'oidc-s3cret', redirect_uris: ['http://127.0.0.1/cb'] }],
    })) as { issuer: string };
    const token = await signIn(ADMIN);
    const el = await renderSso();
    // said as a sentence, not the network code
    await refusedIssuer(el, 'http://127.0.0.1:9', 'The issuer could not be reached: the connection was refused');
    // what was typed stays
    expect(input(dialog(el)!, 'issuer')!.value).to.equal('http://127.0.0.1:9');
    expect(input(dialog(el)!, 'clientId')!.value).to.equal('portal');
    expect(await configurations(token)).to.deep.equal([]);
    fill(input(dialog(el)!, 'issuer')!, issuer);
    button(dialog(el)!, 'Continue')!.click();
    await waitUntil(() => shown(el, 'Stored (never shown)'), 'review', SLOW);
    expect(root(el).textContent).not.to.contain('oidc-s3cret');
    const [stored] = await configurations(token);
    expect(stored).to.deep.include({ type: 'oidc', ssoEndpoint: issuer, oidcClientId: 'portal', oidcSecret: '' });
    // its page: a "Replace secret" field, empty
    await next(el, 'Next', 'Domains');
    await next(el, 'Next', 'Roles');
    await next(el, 'Skip for now', 'Test and enable');
    button(dialog(el)!, 'Leave disabled')!.click();
    await waitUntil(() => shown(el, 'Your SSO connection is set up.'), 'done, left disabled', SLOW);
    expect((await configurations(token))[0].enabled).to.equal(false);
    button(dialog(el)!, 'Open the connection')!.click();
    await waitUntil(() => input(root(el), 'clientSecret'), 'connection page', SLOW);
    expect(input(root(el), 'clientSecret')!.value).to.equal('');
    expect(root(el).querySelector(`label[for="${input(root(el), 'clientSecret')!.id}"]`)?.textContent).to.equal('Replace secret');
  });

  it('AB-7.51 SAML from a metadata file: the XML is read in the browser and sent; the certificate read from it is reviewed', async function () {
    this.timeout(40000);
    const { metadata } = (await executeServerCommand('idp-saml-start', {})) as { metadata: string };
    const token = await signIn(ADMIN);
    const el = await renderSso();
    const d = await startSetup(el, 'Google Workspace');
    choice(d, 'From a metadata file (XML)')!.click();
    await waitUntil(() => input(dialog(el)!, 'metadataFile'), 'file input', SLOW);
    chooseFile(input(dialog(el)!, 'metadataFile')!, new File([metadata], 'GoogleIDPMetadata.xml', { type: 'text/xml' }));
    await waitUntil(() => shown(el, 'Chosen: GoogleIDPMetadata.xml'), 'file read', SLOW);
    button(dialog(el)!, 'Continue')!.click();
    await waitUntil(() => shown(el, 'SHA-256 fingerprint'), 'review', SLOW);
    expect(shown(el, 'fe-elements test SAML IdP')).to.equal(true);
    const [stored] = await configurations(token);
    expect(stored.type).to.equal('saml');
    expect(stored.publicCertificateInfo?.subject).to.contain('fe-elements test SAML IdP');
  });

  it('AB-4.13 AB-4.14 AB-4.16 the legacy SAML configuration: validation false (not found yet) then true by DNS; a new domain saved clears the SSO URL and the certificate', async function () {
    this.timeout(40000);
    const token = await signIn(ADMIN);
    const saved = await api<{ generatedVerification: string }>(token, 'POST', `${SSO}/saml/configurations`, {
      enabled: true,
      domain: 'legacy.test',
      ssoEndpoint: 'https://idp.legacy.test/sso',
      signRequest: true,
    });
    const el = await renderSso();
    const panel = () => root(el).querySelector<HTMLElement>('[aria-labelledby="fe-sso-legacy-title"]')!;
    await waitUntil(() => root(el).querySelector('[aria-labelledby="fe-sso-legacy-title"]'), 'legacy panel', SLOW);
    expect(panel().textContent).to.contain(saved.generatedVerification);
    button(panel(), 'Validate domain')!.click();
    await waitUntil(() => panel().textContent?.includes('was not found yet'), 'not found yet', SLOW);
    await executeServerCommand('dns-set-txt', { name: 'legacy.test', values: [saved.generatedVerification] });
    button(panel(), 'Validate domain')!.click();
    await waitUntil(() => panel().textContent?.includes('✓ Validated'), 'validated', SLOW);
    fill(input(panel(), 'domain')!, 'moved.test');
    await waitUntil(() => panel().textContent?.includes('Saving a new domain clears the SSO URL'), 'the rule said', SLOW);
    await slowNext('POST', `${SSO}/saml/configurations`);
    panel().querySelector<HTMLButtonElement>('button[type=submit]')!.click();
    await waitUntil(() => button(panel(), 'Saving…'), 'saving', SLOW);
    await waitUntil(() => input(panel(), 'ssoEndpoint')?.value === '' && !button(panel(), 'Saving…'), 'endpoint cleared', SLOW);
    const stored = await api<{ domain: string; ssoEndpoint: string; signRequest: boolean; validated: boolean }>(token, 'GET', `${SSO}/saml/configurations`);
    expect([stored.domain, stored.ssoEndpoint, stored.signRequest, stored.validated]).to.deep.equal(['moved.test', '', false, false]);
    expect((input(panel(), 'signRequest') as HTMLInputElement).checked).to.equal(false);
  });

  it('AB-7.51 the SSO fields (SamlFields, OidcFields): the same fields and checks in the setup, on a connection’s page and in the legacy panel; the first field to fix is focused and nothing is sent', async function () {
    this.timeout(60000);
    const token = await signIn(ADMIN);
    const saml = await api<SsoConfiguration>(token, 'POST', `${SSO}/configurations`, { type: 'saml', ssoEndpoint: 'https://idp.corp.test/sso', enabled: true });
    const { issuer } = (await executeServerCommand('idp-oidc-start', {
      clients: [{ client_id: 'portal', client_secret: 'oidc-s3cret', redirect_uris: ['http://127.0.0.1/cb'] }],
    })) as { issuer: string };
    const oidc = await api<SsoConfiguration>(token, 'POST', `${SSO}/configurations`, {
      type: 'oidc',
      ssoEndpoint: issuer,
      oidcClientId: 'portal',
      oidcSecret: 'oidc-s3cret',
      enabled: true,
    });
    await api(token, 'POST', `${SSO}/saml/configurations`, { enabled: true, domain: 'legacy.test', ssoEndpoint: 'https://idp.legacy.test/sso' });
    const made = (await configurations(token)).length;
    const el = await renderSso();
    const URL_TEXT = 'Enter a full address starting with https://';
    const REQUIRED = 'This field is required.';
    /** Types `typed` (a field's name and value) first when given, presses `action` in `scope()`; the field `name` gets the focus and shows `error` (nothing is sent). */
    const refused = async (scope: () => HTMLElement, action: string, name: string, error: string, typed?: [string, string]) => {
      if (typed) fill(input(scope(), typed[0])!, typed[1]);
      button(scope(), action)!.click();
      await waitUntil(() => {
        const field = active(el);
        return field?.getAttribute('name') === name && scope().querySelector(`[id="${field.id}-error"]`)?.textContent === error;
      }, `${name} refused`);
    };

    // the setup, SAML by hand: the SSO URL first, then the certificate
    await startSetup(el, 'SAML (any provider)');
    choice(dialog(el)!, 'Enter the values by hand')!.click();
    await waitUntil(() => input(dialog(el)!, 'ssoEndpoint'), 'SAML fields', SLOW);
    const d = () => dialog(el)!;
    expect(['ssoEndpoint', 'idpEntityId', 'publicCertificate', 'signRequest'].every((n) => d().querySelector(`[name=${n}]`))).to.equal(true);
    await refused(d, 'Continue', 'ssoEndpoint', URL_TEXT);
    await refused(d, 'Continue', 'publicCertificate', REQUIRED, ['ssoEndpoint', 'https://idp.new.test/sso']);
    await next(el, 'Back', 'Prepare your IdP');
    button(d(), 'Back')!.click();
    // the setup, OIDC: issuer, client id, secret
    await waitUntil(() => choice(d(), 'OpenID Connect'), 'vendor step');
    choice(d(), 'OpenID Connect')!.click();
    await next(el, 'Next', 'Prepare your IdP');
    await next(el, 'Next', 'Configure');
    await refused(d, 'Continue', 'clientId', REQUIRED, ['issuer', 'https://login.new.test']);
    await refused(d, 'Continue', 'clientSecret', REQUIRED, ['clientId', 'portal']);
    await next(el, 'Back', 'Prepare your IdP');
    button(d(), 'Back')!.click();
    await waitUntil(() => button(d(), 'Cancel'), 'vendor step again');
    button(d(), 'Cancel')!.click();
    await waitUntil(() => !dialog(el), 'closed');
    expect((await configurations(token)).length).to.equal(made);

    // the legacy panel: empty fields may stay, a URL given must be one
    const legacy = () => root(el).querySelector<HTMLElement>('[aria-labelledby="fe-sso-legacy-title"]')!;
    await waitUntil(() => input(legacy(), 'ssoEndpoint'), 'legacy panel', SLOW);
    await refused(legacy, 'Save changes', 'ssoEndpoint', URL_TEXT, ['ssoEndpoint', 'idp.legacy.test/sso']);
    expect((await api<{ ssoEndpoint: string }>(token, 'GET', `${SSO}/saml/configurations`)).ssoEndpoint).to.equal('https://idp.legacy.test/sso');

    // a SAML connection's page: the same fields (no entity ID), the same check
    button(root(el).querySelector(`[data-connection="${saml.id}"]`)!, 'Manage')!.click();
    await waitUntil(() => root(el).querySelector('#fe-sso-connection-title'), 'SAML connection page', SLOW);
    const page = () => input(root(el), 'ssoEndpoint')!.form!;
    expect(page().querySelector('[name=idpEntityId]')).to.equal(null);
    expect(page().querySelector('[name=publicCertificate]')).to.not.equal(null);
    await refused(page, 'Save changes', 'ssoEndpoint', URL_TEXT, ['ssoEndpoint', 'not an address']);
    const stored = async (id: string) => (await configurations(token)).find((c) => c.id === id)!;
    expect((await stored(saml.id)).ssoEndpoint).to.equal('https://idp.corp.test/sso');
    fill(input(page(), 'ssoEndpoint')!, 'https://idp.moved.test/sso');
    button(page(), 'Save changes')!.click();
    await waitUntil(async () => (await stored(saml.id)).ssoEndpoint === 'https://idp.moved.test/sso', 'SAML saved', SLOW);

    // an OIDC connection's page: issuer, client id, "Replace secret" (empty keeps the stored one)
    root(el).querySelector<HTMLAnchorElement>('a[href="#/admin/sso"]')!.click();
    await waitUntil(() => root(el).querySelector(`[data-connection="${oidc.id}"]`), 'the list', SLOW);
    button(root(el).querySelector(`[data-connection="${oidc.id}"]`)!, 'Manage')!.click();
    await waitUntil(() => input(root(el), 'clientSecret'), 'OIDC connection page', SLOW);
    const form = () => input(root(el), 'clientSecret')!.form!;
    await refused(form, 'Save changes', 'clientId', REQUIRED, ['clientId', ' ']);
    fill(input(form(), 'clientId')!, 'portal-2');
    button(form(), 'Save changes')!.click();
    await waitUntil(async () => (await stored(oidc.id)).oidcClientId === 'portal-2', 'OIDC saved, the secret kept', SLOW);
  });

  it('AB-7.52 a domain whose TXT record is not published yet: "not found yet" as a note (not an error), and validated once published', async () => {
    const token = await signIn(ADMIN);
    const [made] = [await api<SsoConfiguration>(token, 'POST', `${SSO}/configurations`, { type: 'saml', ssoEndpoint: 'https://idp.corp.test/sso', enabled: true })];
    const domain = await api<{ id: string; txtRecord: string }>(token, 'POST', `${SSO}/configurations/${made.id}/domains`, { domain: 'late.test' });
    history.replaceState(null, '', `#/admin/sso/${made.id}`);
    const el = await renderSection('fe-admin-portal');
    await waitUntil(() => root(el).querySelector('[data-domain="late.test"]'), 'connection page', SLOW);
    const row = () => root(el).querySelector<HTMLElement>('[data-domain="late.test"]')!;
    expect(row().textContent).to.contain(domain.txtRecord);
    button(row(), 'Validate')!.click();
    await waitUntil(() => row().textContent?.includes('was not found yet'), 'not found yet', SLOW);
    expect(row().querySelector('[role=alert]')).to.equal(null);
    await executeServerCommand('dns-set-txt', { name: 'late.test', values: [domain.txtRecord] });
    button(row(), 'Check again')!.click();
    await waitUntil(() => row().textContent?.includes('✓ Validated'), 'validated', SLOW);
    const [saved] = await configurations(token);
    expect(saved.domains[0].validated).to.equal(true);
  });

  it('AB-4.15 switching a connection off shows it switching, then the server has it off', async () => {
    const token = await signIn(ADMIN);
    const made = await api<SsoConfiguration>(token, 'POST', `${SSO}/configurations`, { type: 'saml', ssoEndpoint: 'https://idp.corp.test/sso', enabled: true });
    const el = await renderSso();
    await waitUntil(() => root(el).querySelector(`[data-connection="${made.id}"] input[role=switch]`), 'listed', SLOW);
    await slowNext('PATCH', `${SSO}/configurations/${made.id}`);
    root(el).querySelector<HTMLInputElement>(`[data-connection="${made.id}"] input[role=switch]`)!.click();
    await waitUntil(() => shown(el, 'Switching…'), 'switching', SLOW);
    await waitUntil(() => !shown(el, 'Switching…'), 'switched', SLOW);
    expect((await configurations(token))[0].enabled).to.equal(false);
  });

  it('AB-4.15 a refused switch (the kit inline action) goes back and says why beside it, on its card only', async () => {
    const token = await signIn(ADMIN);
    const made = await api<SsoConfiguration>(token, 'POST', `${SSO}/configurations`, { type: 'saml', ssoEndpoint: 'https://idp.corp.test/sso', enabled: true });
    await api<SsoConfiguration>(token, 'POST', `${SSO}/configurations`, { type: 'saml', ssoEndpoint: 'https://idp.other.test/sso', enabled: true });
    const el = await renderSso();
    const card = () => root(el).querySelector<HTMLElement>(`[data-connection="${made.id}"]`)!;
    const toggle = () => card().querySelector<HTMLInputElement>('input[role=switch]')!;
    await waitUntil(() => root(el).querySelectorAll('[data-connection] input[role=switch]').length === 2, 'listed', SLOW);
    await callEmulator('PUT', '/_emulator/faults', {
      faults: [{ method: 'PATCH', path: `${SSO}/configurations/${made.id}`, status: 409, body: { errors: ['The IdP certificate expired'] }, delayMs: 500, times: 1 }],
    });
    toggle().click();
    await waitUntil(() => !toggle().checked && card().textContent?.includes('Switching…'), 'off at once, switching', SLOW);
    // the other card's switch is not busy
    expect(root(el).querySelectorAll('[data-connection] [aria-busy=true]').length).to.equal(1);
    await waitUntil(() => card().querySelector('[role=alert]')?.textContent?.includes('The IdP certificate expired'), 'refusal beside the switch', SLOW);
    expect(toggle().checked).to.equal(true);
    expect((await configurations(token)).every((c) => c.enabled)).to.equal(true);
  });

  it('AB-7.51 deleting a connection asks first, from the list and from its page (then a toast and back to the list); the server no longer has it', async () => {
    const token = await signIn(ADMIN);
    const first = await api<SsoConfiguration>(token, 'POST', `${SSO}/configurations`, { type: 'saml', ssoEndpoint: 'https://idp.one.test/sso', enabled: true });
    const second = await api<SsoConfiguration>(token, 'POST', `${SSO}/configurations`, { type: 'saml', ssoEndpoint: 'https://idp.two.test/sso', enabled: true });
    const el = await renderSso();
    await waitUntil(() => byLabel(root(el), 'Delete idp.one.test'), 'listed', SLOW);
    byLabel(root(el), 'Delete idp.one.test')!.click();
    await waitUntil(() => dialog(el)?.textContent?.includes('Delete the SSO connection idp.one.test?'), 'asked first', SLOW);
    button(dialog(el)!, 'Delete')!.click();
    await waitUntil(() => !root(el).querySelector(`[data-connection="${first.id}"]`) && !dialog(el), 'gone from the list', SLOW);
    expect((await configurations(token)).map((c) => c.id)).to.deep.equal([second.id]);
    // from the connection's page: the toast, and the list again
    button(root(el).querySelector(`[data-connection="${second.id}"]`)!, 'Manage')!.click();
    await waitUntil(() => root(el).querySelector('#fe-sso-connection-title'), 'connection page', SLOW);
    button(root(el), 'Delete SSO connection')!.click();
    await waitUntil(() => dialog(el)?.textContent?.includes('Delete the SSO connection idp.two.test?'), 'asked first on the page', SLOW);
    button(dialog(el)!, 'Delete')!.click();
    await waitUntil(() => shown(el, 'The SSO connection idp.two.test was deleted.') && shown(el, 'No SSO connection yet'), 'toast, then the empty list', SLOW);
    expect(await configurations(token)).to.deep.equal([]);
  });

  it('an admin with the read key only sees the connections, no switch to use, no Add and no Delete', async () => {
    const admin = await signIn(ADMIN, 'omit');
    await api<SsoConfiguration>(admin, 'POST', `${SSO}/configurations`, { type: 'saml', ssoEndpoint: 'https://idp.corp.test/sso', enabled: true });
    await signInAsReader();
    const el = await renderSso();
    await waitUntil(() => root(el).querySelector('[data-connection]'), 'listed', SLOW);
    expect(shown(el, 'You can view the SSO connections.')).to.equal(true);
    expect(button(root(el), 'Add SSO connection')).to.equal(undefined);
    expect(button(root(el), 'Delete')).to.equal(undefined);
    expect(root(el).querySelector<HTMLInputElement>('input[role=switch]')!.disabled).to.equal(true);
  });

  it('SI-6.01 a user without the read key sees "You don’t have access to this section." and nothing else', async () => {
    await signInWithoutRoles();
    await expectNoAccess(await renderSso(), 'form');
  });

  it('deep links: #/admin/sso/add opens the setup, #/admin/sso/<id> the connection’s page, and the back link the list', async () => {
    const token = await signIn(ADMIN);
    const made = await api<SsoConfiguration>(token, 'POST', `${SSO}/configurations`, { type: 'saml', ssoEndpoint: 'https://idp.corp.test/sso', enabled: true });
    history.replaceState(null, '', '#/admin/sso/add');
    const portal = await renderSection('fe-admin-portal');
    await waitUntil(() => dialog(portal)?.textContent?.includes('Which identity provider do you use?'), 'setup opened', SLOW);
    button(dialog(portal)!, 'Cancel')!.click();
    await waitUntil(() => !dialog(portal), 'setup closed', SLOW);
    expect(location.hash).to.equal('#/admin/sso');
    location.hash = `#/admin/sso/${made.id}`;
    await waitUntil(() => root(portal).querySelector('#fe-sso-connection-title')?.textContent === 'idp.corp.test', 'connection page', SLOW);
    root(portal).querySelector<HTMLAnchorElement>('section[aria-labelledby="fe-sso-connection-title"] a[href="#/admin/sso"]')!.click();
    await waitUntil(() => root(portal).querySelector(`[data-connection="${made.id}"]`), 'back at the list', SLOW);
    expect(location.hash).to.equal('#/admin/sso');
    // the navigation's own link to the section shown also leads from a connection's page back to the list
    location.hash = `#/admin/sso/${made.id}`;
    await waitUntil(() => root(portal).querySelector('#fe-sso-connection-title'), 'connection page again', SLOW);
    root(portal).querySelector<HTMLAnchorElement>('nav a[aria-current="page"]')!.click();
    await waitUntil(() => root(portal).querySelector(`[data-connection="${made.id}"]`), 'the nav link leads back to the list', SLOW);
    expect(location.hash).to.equal('#/admin/sso');
  });

  it('keyboard only: from "Add SSO connection" to done with Tab, Enter, Space and arrows, each focus visible', async function () {
    this.timeout(60000);
    const { metadataUrl } = (await executeServerCommand('idp-saml-start', {})) as { metadataUrl: string };
    const token = await signIn(ADMIN);
    const el = await renderSso();
    await waitUntil(() => button(root(el), 'Add SSO connection'), 'add', SLOW);
    const visible = () => {
      const a = active(el)!;
      const style = getComputedStyle(a);
      expect(style.outlineStyle !== 'none' && style.outlineWidth !== '0px', `focus visible on ${a.outerHTML.slice(0, 80)}`).to.equal(true);
    };
    /** Tabs until the focus is on `match` (at most 30 presses). */
    const tabTo = async (match: (a: HTMLElement) => boolean, what: string) => {
      for (let i = 0; i < 30 && !(active(el) && match(active(el)!)); i++) await sendKeys({ press: 'Tab' });
      expect(active(el) && match(active(el)!), what).to.equal(true);
      visible();
    };
    button(root(el), 'Add SSO connection')!.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => dialog(el) && (active(el) as HTMLInputElement | null)?.name === 'vendor', 'vendor radio focused', SLOW);
    // arrows move between the IdPs: SAML → Okta
    await sendKeys({ press: 'ArrowDown' });
    expect((active(el) as HTMLInputElement).value).to.equal('okta');
    await tabTo((a) => a.textContent === 'Next', 'Next');
    await sendKeys({ press: 'Enter' });
    // what to paste into the IdP first: Next has the focus
    await waitUntil(() => dialog(el)?.querySelector('[data-copy-value]') && active(el)?.textContent === 'Next', 'values to paste, Next focused', SLOW);
    visible();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => (active(el) as HTMLInputElement | null)?.name === 'method', 'method focused', SLOW);
    await tabTo((a) => (a as HTMLInputElement).name === 'metadataUrl', 'metadata URL');
    await sendKeys({ type: metadataUrl });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => shown(el, 'SHA-256 fingerprint') && active(el)?.textContent === 'Next', 'review, Next focused', SLOW);
    visible();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => input(dialog(el)!, 'domain'), 'domains', SLOW);
    await tabTo((a) => a.textContent === 'Next', 'Next');
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => shown(el, 'Group mappings'), 'roles step', SLOW);
    await tabTo((a) => a instanceof HTMLInputElement && a.type === 'checkbox', 'a role');
    await sendKeys({ press: 'Space' });
    await tabTo((a) => a.textContent === 'Save roles', 'Save roles');
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => button(dialog(el)!, 'Enable connection'), 'enable step', SLOW);
    await tabTo((a) => a.textContent === 'Enable connection', 'Enable connection');
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => shown(el, 'Your SSO connection is enabled.') && active(el)?.textContent === 'Done', 'done, Done focused', SLOW);
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => !dialog(el), 'closed', SLOW);
    const [saved] = await configurations(token);
    expect(saved.roleIds).to.have.length(1);
  });

  it('issue 31 item 5: what to paste into the IdP comes first, with copy buttons — SAML our ACS URL and entity ID, OIDC our redirect URI — before anything is asked; nothing is made until the IdP’s details are given', async function () {
    this.timeout(40000);
    const token = await signIn(ADMIN);
    const vendorConfig = await api<{ acsUrl: string; spEntityId: string }>(token, 'GET', `${SSO}/saml/configurations/vendor-config`);
    const { redirectUri } = await api<{ redirectUri: string }>(token, 'GET', `${SSO}/oidc/configurations`);
    const el = await renderSso();
    await waitUntil(() => button(root(el), 'Add SSO connection'), 'add button', SLOW);
    button(root(el), 'Add SSO connection')!.click();
    await waitUntil(() => dialog(el), 'setup dialog', SLOW);
    choice(dialog(el)!, 'Okta')!.click();
    await next(el, 'Next', 'Prepare your IdP');
    await waitUntil(() => dialog(el)?.querySelector('[data-copy-value^="fe-sso-entity"]'), 'SAML values', SLOW);
    expect(dialog(el)!.querySelector('[data-copy-value^="fe-sso-acs"]')?.textContent).to.equal(vendorConfig.acsUrl);
    expect(dialog(el)!.querySelector('[data-copy-value^="fe-sso-entity"]')?.textContent).to.equal(vendorConfig.spEntityId);
    expect(byLabel(dialog(el)!, 'Copy ACS URL (reply URL)')).to.exist;
    expect(byLabel(dialog(el)!, 'Copy Entity ID (audience)')).to.exist;
    expect(shown(el, 'Audience URI (SP Entity ID)')).to.equal(true);
    // nothing asked of the IdP yet
    expect(input(dialog(el)!, 'metadataUrl')).to.equal(null);
    await lightAndDark(el, (x) => dialog(x)?.querySelector('[data-copy-value^="fe-sso-entity"]'), 'SAML values to paste');
    await emulateMedia({ colorScheme: 'light' });
    // OIDC: the redirect URI the IdP must allow
    await next(el, 'Back', 'Identity provider');
    choice(dialog(el)!, 'OpenID Connect')!.click();
    await next(el, 'Next', 'Prepare your IdP');
    await waitUntil(() => byLabel(dialog(el)!, 'Copy Redirect URI'), 'redirect URI', SLOW);
    expect(dialog(el)!.querySelector('[data-copy-value^="fe-sso-acs"]')?.textContent).to.equal(redirectUri);
    expect(dialog(el)!.querySelector('[data-copy-value^="fe-sso-entity"]')).to.equal(null);
    expect(await configurations(token)).to.deep.equal([]);
  });

  it('issue 31 item 5: an unknown issuer or metadata host is said as a sentence ("The issuer could not be reached: no such host"), light and dark', async function () {
    this.timeout(40000);
    await signIn(ADMIN);
    const el = await renderSso();
    await refusedIssuer(el, 'https://idp.invalid', 'The issuer could not be reached: no such host');
    await lightAndDark(el, (x) => alertText(x), 'the sentence');
    await emulateMedia({ colorScheme: 'light' });
    await next(el, 'Back', 'Prepare your IdP');
    await next(el, 'Back', 'Identity provider');
    choice(dialog(el)!, 'Okta')!.click();
    await next(el, 'Next', 'Prepare your IdP');
    await next(el, 'Next', 'Configure');
    fill(input(dialog(el)!, 'metadataUrl')!, 'https://idp.invalid/metadata');
    button(dialog(el)!, 'Continue')!.click();
    await waitUntil(() => alertText(el), 'refused', SLOW);
    expect(alertText(el)).to.equal('The metadata URL could not be reached: no such host');
  });

  it('issue 31 item 5: the IdP chosen is listed ("Okta · SAML", not "SAML") and a new connection stays disabled until enabled at the end; its page says so', async function () {
    this.timeout(60000);
    const { metadataUrl } = (await executeServerCommand('idp-saml-start', {})) as { metadataUrl: string };
    const token = await signIn(ADMIN);
    const el = await renderSso();
    const d = await startSetup(el, 'Okta');
    fill(input(d, 'metadataUrl')!, metadataUrl);
    button(d, 'Continue')!.click();
    await waitUntil(() => shown(el, 'SHA-256 fingerprint'), 'review', SLOW);
    const [made] = await configurations(token);
    expect([made.enabled, made.configMetadata]).to.deep.equal([false, { vendor: 'okta' }]);
    await next(el, 'Next', 'Domains');
    await next(el, 'Next', 'Roles');
    await next(el, 'Skip for now', 'Test and enable');
    expect(shown(el, 'The connection is set up but not enabled')).to.equal(true);
    expect(button(dialog(el)!, 'Test sign-in')).to.exist;
    await lightAndDark(el, (x) => button(dialog(x)!, 'Enable connection'), 'test and enable step');
    await emulateMedia({ colorScheme: 'light' });
    button(dialog(el)!, 'Leave disabled')!.click();
    await waitUntil(() => shown(el, 'Your SSO connection is set up.'), 'done', SLOW);
    button(dialog(el)!, 'Done')!.click();
    await waitUntil(() => !dialog(el) && root(el).querySelector(`[data-connection="${made.id}"]`), 'listed', SLOW);
    const card = root(el).querySelector(`[data-connection="${made.id}"]`)!;
    expect(card.querySelector('[data-kind]')?.textContent).to.equal('Okta · SAML');
    expect(card.querySelector<HTMLInputElement>('input[role=switch]')!.checked).to.equal(false);
    button(card as HTMLElement, 'Manage')!.click();
    await waitUntil(() => root(el).querySelector('#fe-sso-connection-title'), 'its page', SLOW);
    expect(root(el).querySelector('[data-kind]')?.textContent).to.equal('Okta · SAML');
    expect(shown(el, 'Disabled: nobody signs in through this connection until it is enabled.')).to.equal(true);
    expect(button(root(el), 'Test sign-in')).to.exist;
    await lightAndDark(el, (x) => button(root(x), 'Test sign-in'), 'a disabled connection’s page');
  });
});
