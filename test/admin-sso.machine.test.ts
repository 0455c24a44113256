import { expect } from '@open-wc/testing';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { SamlConfiguration, SamlConfigurationInput, SsoConfiguration, SsoDomain, SsoDomainValidation } from '../src/api/sso.ts';
import type { SsoAuthorizationInput, SsoCreateInput } from '../src/admin/resources/sso.ts';
import {
  adminSsoSetupMachine,
  certificateStatus,
  createInput,
  EMPTY_SETUP_DRAFT,
  oidcFieldsProblem,
  samlFieldsProblem,
  setupProblem,
  type SetupDraft,
} from '../machines/admin-sso-setup.machine.ts';
import { adminSsoDomainMachine, domainName } from '../machines/admin-sso-domain.machine.ts';
import { setupErrorKey } from '../src/admin/sso/model.ts';
import { adminSamlMachine, IllegalStateError, prepareSamlSave, type SamlCallback } from '../machines/admin-saml.machine.ts';

const configuration: SsoConfiguration = {
  id: 'c1',
  enabled: true,
  generatedVerification: '',
  ssoEndpoint: 'https://idp.test/sso',
  publicCertificate: 'PEM',
  signRequest: false,
  acsUrl: 'https://sp.test/acs',
  spEntityId: 'https://sp.test',
  type: 'saml',
  oidcClientId: '',
  oidcSecret: '',
  domains: [],
  roleIds: ['r1'],
  groups: [{ id: 'g1', group: 'eng', roleIds: ['r2'] }],
};
const refused = (message: string, statusCode = 400) => Object.assign(new Error(message), { statusCode });

function startSetup(
  create: (input: SsoCreateInput) => Promise<SsoConfiguration>,
  save: (input: SsoAuthorizationInput) => Promise<void> = async () => {},
  enable: (input: { id: string }) => Promise<SsoConfiguration> = async () => ({ ...configuration, enabled: true }),
) {
  const calls: { create: SsoCreateInput[]; save: SsoAuthorizationInput[]; enable: { id: string }[] } = { create: [], save: [], enable: [] };
  const machine = adminSsoSetupMachine.provide({
    actors: {
      createConfiguration: fromPromise<SsoConfiguration, SsoCreateInput>(({ input }) => (calls.create.push(input), create(input))),
      saveAuthorization: fromPromise<void, SsoAuthorizationInput>(({ input }) => (calls.save.push(input), save(input))),
      enableConfiguration: fromPromise<SsoConfiguration, { id: string }>(({ input }) => (calls.enable.push(input), enable(input))),
    },
  });
  const actor = createActor(machine, { input: {} });
  const created: SsoConfiguration[] = [];
  actor.on('created', (e) => created.push(e.configuration));
  actor.start();
  return { actor, calls, created };
}

/** A SAML connection made from a metadata URL, its review and domains passed: the actor is at the roles. */
async function toRoles(actor: ReturnType<typeof startSetup>['actor']) {
  choose(actor, 'saml');
  actor.send({ type: 'configure.submit', draft: { ...EMPTY_SETUP_DRAFT, metadataUrl: 'https://idp.test/md' } });
  await waitFor(actor, (s) => s.matches('review'));
  actor.send({ type: 'review.next' });
  actor.send({ type: 'domains.next' });
}

/** Chooses `vendor` and passes the step of what to paste into the IdP (issue 31 item 5). */
function choose(actor: ReturnType<typeof startSetup>['actor'], vendor: 'saml' | 'okta' | 'oidc') {
  actor.send({ type: 'vendor.choose', vendor });
  expect(actor.getSnapshot().matches('provider')).to.equal(true);
  actor.send({ type: 'provider.next' });
}

describe('SSO setup machine (machines/admin-sso-setup.machine.ts)', () => {
  it('AB-3.21 the vendors are saml, okta, azure, google and oidc; OIDC asks issuer, client id and secret, SAML one of URL, file or fields', () => {
    const d: SetupDraft = { ...EMPTY_SETUP_DRAFT };
    expect(setupProblem('oidc', d)).to.equal('issuer');
    expect(setupProblem('oidc', { ...d, issuer: 'https://idp.test', clientId: 'c' })).to.equal('clientSecret');
    expect(setupProblem('okta', d)).to.equal('metadataUrl');
    expect(setupProblem('azure', { ...d, metadataUrl: 'not a url' })).to.equal('metadataUrl');
    expect(setupProblem('google', { ...d, method: 'metadataFile' })).to.equal('metadataFile');
    expect(setupProblem('saml', { ...d, method: 'fields', ssoEndpoint: 'https://idp.test/sso' })).to.equal('publicCertificate');
    expect(createInput('oidc', { ...d, issuer: ' https://idp.test ', clientId: 'c', clientSecret: 's' })).to.deep.equal({
      method: 'fields',
      // issue 31 item 5: made disabled, the IdP chosen kept
      body: { type: 'oidc', enabled: false, ssoEndpoint: 'https://idp.test', oidcClientId: 'c', oidcSecret: 's', configMetadata: { vendor: 'oidc' } },
    });
    expect(createInput('okta', { ...d, metadataUrl: 'https://idp.test/md' })).to.deep.equal({ method: 'metadataUrl', url: 'https://idp.test/md', vendor: 'okta' });
    expect(createInput('google', { ...d, method: 'metadataFile', metadataXml: '<xml/>' })).to.deep.equal({ method: 'metadataFile', metadata: '<xml/>', vendor: 'google' });
  });

  it('AB-7.51 the SSO fields’ checks: a new connection needs an http(s) SSO URL and a certificate (OIDC: issuer, client id, secret); a saved one may leave the SAML fields empty and keep its secret', () => {
    const cert = '-----BEGIN CERTIFICATE-----';
    expect(samlFieldsProblem({ ssoEndpoint: '', publicCertificate: '' })).to.equal('ssoEndpoint');
    expect(samlFieldsProblem({ ssoEndpoint: 'ftp://idp.test', publicCertificate: cert })).to.equal('ssoEndpoint');
    expect(samlFieldsProblem({ ssoEndpoint: ' https://idp.test/sso ', publicCertificate: ' ' })).to.equal('publicCertificate');
    expect(samlFieldsProblem({ ssoEndpoint: 'https://idp.test/sso', publicCertificate: cert })).to.equal(null);
    expect(samlFieldsProblem({ ssoEndpoint: '', publicCertificate: '' }, false)).to.equal(null);
    expect(samlFieldsProblem({ ssoEndpoint: 'idp.test/sso', publicCertificate: '' }, false)).to.equal('ssoEndpoint');
    expect(oidcFieldsProblem({ issuer: 'login.test', clientId: 'c', clientSecret: 's' })).to.equal('issuer');
    expect(oidcFieldsProblem({ issuer: 'https://login.test', clientId: ' ', clientSecret: 's' })).to.equal('clientId');
    expect(oidcFieldsProblem({ issuer: 'https://login.test', clientId: 'c', clientSecret: '' })).to.equal('clientSecret');
    expect(oidcFieldsProblem({ issuer: 'https://login.test', clientId: 'c', clientSecret: '' }, false)).to.equal(null);
  });

  it('AB-7.51 issue 31 item 5 vendor → what to paste into the IdP → configure → review → domains → authorization → enable → done; the configuration made is emitted once and enabled at the end', async () => {
    const { actor, calls, created } = startSetup(async () => ({ ...configuration, enabled: false }));
    actor.send({ type: 'vendor.choose', vendor: 'okta' });
    expect(actor.getSnapshot().matches('provider')).to.equal(true);
    actor.send({ type: 'provider.back' });
    expect(actor.getSnapshot().matches('vendor')).to.equal(true);
    choose(actor, 'okta');
    expect(actor.getSnapshot().matches({ configure: 'idle' })).to.equal(true);
    actor.send({ type: 'configure.back' });
    expect(actor.getSnapshot().matches('provider')).to.equal(true);
    actor.send({ type: 'provider.next' });
    actor.send({ type: 'configure.submit', draft: { ...EMPTY_SETUP_DRAFT, metadataUrl: 'https://idp.test/md' } });
    await waitFor(actor, (s) => s.matches('review'));
    expect(calls.create).to.deep.equal([{ method: 'metadataUrl', url: 'https://idp.test/md', vendor: 'okta' }]);
    expect(created.map((c) => c.id)).to.deep.equal(['c1']);
    // the authorization starts from what the configuration holds
    expect(actor.getSnapshot().context.authorization).to.deep.equal({ roleIds: ['r1'], groups: [{ id: 'g1', group: 'eng', roleIds: ['r2'] }] });
    actor.send({ type: 'review.next' });
    actor.send({ type: 'domains.next' });
    actor.send({ type: 'authorization.submit', draft: { roleIds: ['r1', 'r3'], groups: [{ group: 'ops', roleIds: ['r2'] }] } });
    await waitFor(actor, (s) => s.matches({ enable: 'idle' }));
    expect(calls.save).to.deep.equal([{ configId: 'c1', roleIds: ['r1', 'r3'], groups: [{ group: 'ops', roleIds: ['r2'] }] }]);
    expect(calls.enable).to.deep.equal([]);
    actor.send({ type: 'enable.submit' });
    const done = await waitFor(actor, (s) => s.matches('done'));
    expect(calls.enable).to.deep.equal([{ id: 'c1' }]);
    expect(done.context.configuration?.enabled).to.equal(true);
    actor.send({ type: 'setup.close' });
    expect(actor.getSnapshot().status).to.equal('done');
  });

  it('AB-7.51 a refused configuration goes back to the form with the server’s message and the draft as typed; an invalid draft is not sent', async () => {
    const { actor, calls } = startSetup(async () => {
      throw refused('OIDC discovery failed: https://idp.test/.well-known/openid-configuration answered 404');
    });
    choose(actor, 'oidc');
    actor.send({ type: 'configure.submit', draft: { ...EMPTY_SETUP_DRAFT, issuer: 'nope' } });
    expect(calls.create).to.have.length(0);
    const draft = { ...EMPTY_SETUP_DRAFT, issuer: 'https://idp.test', clientId: 'portal', clientSecret: 's3cret' };
    actor.send({ type: 'configure.submit', draft });
    const s = await waitFor(actor, (x) => x.matches({ configure: 'idle' }) && x.context.error !== null);
    expect(s.context.error).to.deep.include({ message: 'OIDC discovery failed: https://idp.test/.well-known/openid-configuration answered 404' });
    expect(s.context.draft).to.deep.equal(draft);
  });

  it('the OIDC client secret is not kept once the configuration is made (write-only)', async () => {
    const { actor } = startSetup(async () => ({ ...configuration, type: 'oidc', oidcSecretSet: true }));
    choose(actor, 'oidc');
    actor.send({ type: 'configure.submit', draft: { ...EMPTY_SETUP_DRAFT, issuer: 'https://idp.test', clientId: 'portal', clientSecret: 's3cret' } });
    const s = await waitFor(actor, (x) => x.matches('review'));
    expect(JSON.stringify(s.context)).not.to.contain('s3cret');
  });

  it('AB-6.08 a group mapping without a group name is not sent; a refused save keeps the rows and the message', async () => {
    const { actor, calls } = startSetup(
      async () => configuration,
      async () => {
        throw refused('Role not found', 404);
      },
    );
    await toRoles(actor);
    actor.send({ type: 'authorization.submit', draft: { roleIds: [], groups: [{ group: ' ', roleIds: [] }] } });
    expect(calls.save).to.have.length(0);
    const draft = { roleIds: ['r1'], groups: [{ group: 'eng', roleIds: ['missing'] }] };
    actor.send({ type: 'authorization.submit', draft });
    const s = await waitFor(actor, (x) => x.matches({ authorization: 'idle' }) && x.context.error !== null);
    expect(s.context.error).to.deep.include({ message: 'Role not found' });
    expect(s.context.authorization).to.deep.equal(draft);
    actor.send({ type: 'authorization.skip' });
    expect(actor.getSnapshot().matches({ enable: 'idle' })).to.equal(true);
  });

  it('issue 31 item 5 a refused enable stays on the last step with the message; "Leave disabled" finishes without enabling', async () => {
    const { actor, calls } = startSetup(
      async () => ({ ...configuration, enabled: false }),
      async () => {},
      async () => {
        throw refused('SSO configuration not found', 404);
      },
    );
    await toRoles(actor);
    actor.send({ type: 'authorization.skip' });
    actor.send({ type: 'enable.submit' });
    const s = await waitFor(actor, (x) => x.matches({ enable: 'idle' }) && x.context.error !== null);
    expect(s.context.error).to.deep.include({ message: 'SSO configuration not found' });
    actor.send({ type: 'enable.skip' });
    expect(actor.getSnapshot().matches('done')).to.equal(true);
    expect(actor.getSnapshot().context.configuration?.enabled).to.equal(false);
    expect(calls.enable).to.have.length(1);
  });

  it('issue 31 item 5 every create makes the connection disabled and keeps the IdP chosen; an unreachable address is said as a sentence of the catalogue', () => {
    const d = EMPTY_SETUP_DRAFT;
    expect(createInput('okta', { ...d, metadataUrl: ' https://idp.test/md ' })).to.deep.equal({ method: 'metadataUrl', url: 'https://idp.test/md', vendor: 'okta' });
    expect(createInput('google', { ...d, method: 'metadataFile', metadataXml: '<xml/>' })).to.deep.equal({ method: 'metadataFile', metadata: '<xml/>', vendor: 'google' });
    const oidc = createInput('oidc', { ...d, issuer: 'https://idp.test', clientId: 'c', clientSecret: 's' });
    expect(oidc.method === 'fields' && [oidc.body.enabled, oidc.body.configMetadata]).to.deep.equal([false, { vendor: 'oidc' }]);
    const saml = createInput('azure', { ...d, method: 'fields', ssoEndpoint: 'https://idp.test/sso', publicCertificate: 'PEM' });
    expect(saml.method === 'fields' && [saml.body.enabled, saml.body.configMetadata]).to.deep.equal([false, { vendor: 'azure' }]);
    const answer = (errorCode: string, context: Record<string, unknown>) => ({ statusCode: 400, errorCode, errorContext: context });
    expect(setupErrorKey(answer('ER-SSO-OIDC-DISCOVERY', { reason: 'NO_SUCH_HOST' }))).to.equal('admin.sso.error.issuer.noHost');
    expect(setupErrorKey(answer('ER-SSO-OIDC-DISCOVERY', { reason: 'HTTP', status: 404 }))).to.equal('admin.sso.error.issuer.notFound');
    expect(setupErrorKey(answer('ER-SSO-METADATA-URL', { reason: 'HTTP', status: 500 }))).to.equal('admin.sso.error.metadata.http');
    expect(setupErrorKey(answer('ER-SSO-METADATA-URL', { reason: 'REFUSED' }))).to.equal('admin.sso.error.metadata.refused');
    expect(setupErrorKey(answer('ER-SSO-METADATA-URL', { reason: 'SOMETHING_NEW' }))).to.equal(null);
    expect(setupErrorKey(answer('ER-SSO-INVALID-METADATA', { reason: 'NO_SUCH_HOST' }))).to.equal(null);
    expect(setupErrorKey(new Error('x'))).to.equal(null);
  });

  it('the review warns about a certificate that expires within 30 days or has expired', () => {
    const now = Date.UTC(2030, 0, 1);
    expect(certificateStatus(new Date(now + 31 * 86_400_000).toISOString(), now)).to.equal('ok');
    expect(certificateStatus(new Date(now + 29 * 86_400_000).toISOString(), now)).to.equal('soon');
    expect(certificateStatus(new Date(now - 1000).toISOString(), now)).to.equal('expired');
  });
});

function startDomain(validate: () => Promise<SsoDomainValidation>, domain?: SsoDomain) {
  const added: string[] = [];
  const machine = adminSsoDomainMachine.provide({
    actors: {
      addDomain: fromPromise<SsoDomain, { configId: string; domain: string }>(async ({ input }) => {
        added.push(input.domain);
        if (input.domain === 'taken.test') throw refused('The domain is already claimed', 409);
        return { id: 'd1', domain: input.domain, validated: false, txtRecord: 'fe-verification=abc' };
      }),
      validateDomain: fromPromise<SsoDomainValidation, { configId: string; domainId: string }>(() => validate()),
    },
  });
  const actor = createActor(machine, { input: { configId: 'c1', domain } });
  actor.start();
  return { actor, added };
}

describe('SSO domain machine (machines/admin-sso-domain.machine.ts)', () => {
  it('AB-7.52 a domain typed as an address or URL is its name; garbage is refused before anything is sent', () => {
    expect(domainName(' Jane@Example.COM ')).to.equal('example.com');
    expect(domainName('https://sub.example.org/path')).to.equal('sub.example.org');
    expect(domainName('not a domain')).to.equal(null);
  });

  it('AB-3.22 AB-7.52 add → TXT record → validate: not found yet (with its reason, not an error), then validated on retry', async () => {
    let published = false;
    const { actor, added } = startDomain(async () => (published ? { validated: true } : { validated: false, reason: 'TXT record not found yet' }));
    actor.send({ type: 'domain.submit', text: 'nope' });
    expect(added).to.deep.equal([]);
    actor.send({ type: 'domain.submit', text: 'Example.com' });
    let s = await waitFor(actor, (x) => x.matches('publishing'));
    expect(added).to.deep.equal(['example.com']);
    expect(s.context.domain?.txtRecord).to.equal('fe-verification=abc');
    actor.send({ type: 'domain.validate' });
    s = await waitFor(actor, (x) => x.matches('notFound'));
    expect(s.context.reason).to.equal('TXT record not found yet');
    expect(s.context.error).to.equal(null);
    published = true;
    actor.send({ type: 'domain.validate' });
    s = await waitFor(actor, (x) => x.matches('validated'));
    expect(s.context.domain?.validated).to.equal(true);
  });

  it('AB-7.52 a refused add keeps the text and the message; a stored domain resumes where it is', async () => {
    const { actor } = startDomain(async () => ({ validated: true }));
    actor.send({ type: 'domain.submit', text: 'taken.test' });
    const s = await waitFor(actor, (x) => x.matches({ entering: 'idle' }) && x.context.error !== null);
    expect(s.context.text).to.equal('taken.test');
    expect(s.context.error).to.deep.include({ message: 'The domain is already claimed' });
    const stored = { id: 'd2', domain: 'a.test', txtRecord: 'v', validated: false };
    expect(startDomain(async () => ({ validated: true }), stored).actor.getSnapshot().value).to.equal('publishing');
    expect(startDomain(async () => ({ validated: true }), { ...stored, validated: true }).actor.getSnapshot().value).to.equal('validated');
  });
});

function startSaml(initial: SamlConfiguration, options: { validate?: () => Promise<SamlConfiguration> } = {}) {
  const saves: SamlConfigurationInput[] = [];
  const logged: unknown[] = [];
  const machine = adminSamlMachine.provide({
    actors: {
      loadSaml: fromPromise<SamlConfiguration>(async () => initial),
      saveSaml: fromPromise<SamlConfiguration, SamlConfigurationInput>(async ({ input }) => {
        saves.push(input);
        await new Promise((r) => setTimeout(r, 20));
        return { ...initial, ...input };
      }),
      validateSamlDomain: fromPromise<SamlConfiguration>(options.validate ?? (async () => ({ ...initial, validated: true }))),
      logIllegalState: fromPromise<void, { error: IllegalStateError }>(async ({ input }) => {
        logged.push(input.error);
      }),
    },
  });
  const actor = createActor(machine);
  actor.start();
  return { actor, saves, logged };
}

const stored: SamlConfiguration = {
  enabled: true,
  domain: 'acme.test',
  validated: false,
  ssoEndpoint: 'https://idp.test/sso',
  publicCertificate: 'PEM',
  signRequest: true,
  type: 'saml',
};

describe('legacy SAML machine (machines/admin-saml.machine.ts)', () => {
  it('AB-4.14 changing the domain clears the endpoint and the certificate and sets signRequest false; the same domain keeps them', () => {
    expect(prepareSamlSave(stored, { ...stored, domain: 'new.test' })).to.deep.include({ domain: 'new.test', ssoEndpoint: '', publicCertificate: '', signRequest: false });
    expect(prepareSamlSave(stored, { ...stored })).to.deep.include({ ssoEndpoint: 'https://idp.test/sso', publicCertificate: 'PEM', signRequest: true });
  });

  it('AB-4.15 AB-4.16 the enabled flag shows loading while it saves; any other save shows saving', async () => {
    const { actor, saves } = startSaml(stored);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'saml.setEnabled', enabled: false });
    expect(actor.getSnapshot().hasTag('loading')).to.equal(true);
    expect(actor.getSnapshot().hasTag('saving')).to.equal(false);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(saves[0].enabled).to.equal(false);
    actor.send({ type: 'saml.save', configuration: { ...stored, domain: 'other.test' } });
    expect(actor.getSnapshot().hasTag('saving')).to.equal(true);
    expect(actor.getSnapshot().hasTag('loading')).to.equal(false);
    const s = await waitFor(actor, (x) => x.matches('ready'));
    expect(saves[1]).to.deep.include({ domain: 'other.test', ssoEndpoint: '', publicCertificate: '', signRequest: false });
    expect(s.context.saml?.domain).to.equal('other.test');
  });

  it('AB-4.17 saving with no domain only updates the configuration locally', async () => {
    const { actor, saves } = startSaml(stored);
    await waitFor(actor, (s) => s.matches('ready'));
    const results: (SamlConfiguration | null)[] = [];
    actor.send({ type: 'saml.save', configuration: { ...stored, domain: '', ssoEndpoint: 'https://local.test' }, callback: (r) => results.push(r) });
    expect(actor.getSnapshot().matches('ready')).to.equal(true);
    expect(saves).to.deep.equal([]);
    expect(actor.getSnapshot().context.saml).to.deep.include({ domain: '', ssoEndpoint: 'https://local.test' });
    expect(results).to.have.length(1);
  });

  it('AB-4.13 domain validation sets validated true on success and false on failure', async () => {
    const ok = startSaml(stored);
    await waitFor(ok.actor, (s) => s.matches('ready'));
    ok.actor.send({ type: 'saml.validateDomain' });
    expect((await waitFor(ok.actor, (s) => s.matches('ready') && s.context.saml?.validated === true)).context.saml?.validated).to.equal(true);
    const bad = startSaml(
      { ...stored, validated: true },
      {
        validate: async () => {
          throw refused('TXT record not found');
        },
      },
    );
    await waitFor(bad.actor, (s) => s.matches('ready'));
    bad.actor.send({ type: 'saml.validateDomain' });
    const s = await waitFor(bad.actor, (x) => x.matches('ready') && x.context.error !== null);
    expect(s.context.saml?.validated).to.equal(false);
  });

  it('AB-8.09 validating without a configuration raises IllegalState: logged and passed to the callback', async () => {
    const { actor, logged } = startSaml({ enabled: false });
    await waitFor(actor, (s) => s.matches('ready'));
    const answers: [SamlConfiguration | null, Error | undefined][] = [];
    const callback: SamlCallback = (result, error) => answers.push([result, error]);
    const emitted: unknown[] = [];
    actor.on('illegalState', (e) => emitted.push(e.error));
    actor.send({ type: 'saml.validateDomain', callback });
    await waitFor(actor, (s) => s.matches('ready') && answers.length > 0);
    expect(logged).to.have.length(1);
    expect(logged[0]).to.be.instanceOf(IllegalStateError);
    expect(answers[0][0]).to.equal(null);
    expect(answers[0][1]).to.be.instanceOf(IllegalStateError);
    expect(emitted).to.have.length(1);
    expect(actor.getSnapshot().context.error).to.deep.equal({ key: 'admin.sso.saml.illegalState' });
  });
});
