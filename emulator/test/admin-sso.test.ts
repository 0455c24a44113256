/**
 * SSO self-configuration (routes/admin/sso.ts, src/sso/; api-contract §V; issue 23 items 1–5) called through
 * Frontegg's own client (`@frontegg/rest-api`), against the local identity providers (tools/idp-saml.js,
 * tools/idp-oidc.js) and a local DNS server (tools/dns-server.js, dns2) the emulator resolves TXT records with
 * (`dnsServers`). End to end: configured through the routes only, a domain proven by DNS, a user of that domain
 * signs in through the provider with groups and lands with default + mapped roles.
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { X509Certificate } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FronteggApiClient, ISSOConfiguration } from '@frontegg/rest-api';
import { SEED } from '../src/db/seed.ts';
import { audits, refreshTokens, ssoDomains, userSources, userTenantRoles, users } from '../src/db/schema.ts';
import { checkTxtRecord, DNS_NOT_FOUND_REASON } from '../src/sso/dns.ts';
import { freePort } from './free-port.ts';
import { Client, ORIGIN, P } from './helpers.ts';
import { rejectsWith, useAdminEmulator } from './admin-harness.ts';
import { startDnsServer, type DnsServer } from '../../tools/dns-server.js';
import { startOidcIdp, type OidcIdp } from '../../tools/idp-oidc.js';
import { selfSignedCertificate, startSamlIdp, type SamlIdp } from '../../tools/idp-saml.js';

const PAGE = 'http://localhost:5173';
const OIDC_CB = `${PAGE}/account/oidc/callback`;
const CORP = { client_id: 'corp-client', client_secret: 'corp-secret', redirect_uris: [OIDC_CB] };
const ADMIN_ROLE = SEED.adminRoleId;
const READONLY_ROLE = SEED.readOnlyRoleId;

let dns: DnsServer;
let saml: SamlIdp;
let oidc: OidcIdp;
// the DNS server and the IdPs start in the harness's `before` (the emulator needs the DNS server's address)
const harness = useAdminEmulator(async () => {
  dns = await startDnsServer();
  saml = await startSamlIdp({
    sp: { entityId: `${ORIGIN}/frontegg/auth/saml/metadata`, acsUrl: `${ORIGIN}/frontegg/auth/saml/callback` },
    accounts: [{ email: 'sam@saml.test', groups: ['engineering', 'everyone'] }, { email: 'plain@saml.test' }],
  });
  oidc = await startOidcIdp({ clients: [CORP], accounts: [{ email: 'ann@corp.test', name: 'Ann', groups: ['engineering'] }, { email: 'bob@corp.test' }] });
  return { dnsServers: [dns.address] };
});
after(async () => {
  await saml?.close();
  await oidc?.close();
  await dns?.close();
});

type SsoAnswer = ISSOConfiguration & {
  publicCertificateInfo: { subject: string; issuer: string; validFrom: string; validTo: string; fingerprint256: string } | null;
  oidcSecretSet: boolean;
};
/** The validate answers: the domain and, when not validated, why (the client types them void). */
type Validation = { id: string; domain: string; validated: boolean; txtRecord: string; reason?: string };

const admin = () => harness.adminApi();
const rowsOf = (action: string) => harness.emu.db.select().from(audits).where(eq(audits.action, action));

/** Where pre-login sends `email` (null: no SSO). */
async function preLogin(email: string): Promise<string | null> {
  const r = await new Client(harness.emu).post(`${P}/auth/v2/user/sso/prelogin`, { email });
  return r.status === 200 ? ((r.body.address as string | undefined) ?? null) : null;
}

/** A domain claimed, published in the local DNS and validated through the client. */
async function provenDomain(api: FronteggApiClient, configId: string, domain: string) {
  const d = await api.auth.createSSODomain(configId, { domain });
  dns.setTxt(domain, [d.txtRecord]);
  const v = (await api.auth.validateSSODomainV2(configId, d.id)) as unknown as Validation;
  assert.equal(v.validated, true);
  return d;
}

describe('multi-SSO configurations', () => {
  it('AB-7.51 AB-3.22 by metadata file: IdP entity, SSO URL and certificate read; our ACS/entity id; the certificate read out; listed; audited', async () => {
    const api = await admin();
    const cfg = (await api.auth.createSSOConfigurationByMetadata({ metadata: saml.metadata })) as SsoAnswer;
    assert.equal(cfg.type, 'saml');
    assert.equal(cfg.enabled, true);
    assert.equal(cfg.ssoEndpoint, saml.ssoUrl);
    assert.equal(cfg.acsUrl, `${ORIGIN}/frontegg/auth/saml/callback`);
    assert.equal(cfg.spEntityId, `${ORIGIN}/frontegg/auth/saml/metadata`);
    assert.deepEqual([cfg.domains, cfg.groups, cfg.roleIds, cfg.oidcSecret, cfg.skipEmailDomainValidation], [[], [], [], '', false]);
    const x509 = new X509Certificate(saml.certificate);
    assert.equal(new X509Certificate(cfg.publicCertificate).fingerprint256, x509.fingerprint256);
    assert.deepEqual(cfg.publicCertificateInfo, {
      subject: x509.subject,
      issuer: x509.issuer,
      validFrom: new Date(x509.validFrom).toISOString(),
      validTo: new Date(x509.validTo).toISOString(),
      fingerprint256: x509.fingerprint256,
    });
    assert.match(cfg.publicCertificateInfo!.subject, /fe-elements test SAML IdP/);
    const list = await api.auth.getSSOConfigurations();
    assert.deepEqual(
      list.map((c) => c.id),
      [cfg.id],
    );
    assert.equal((await harness.auditRows('sso.configuration.created', cfg.id)).length, 1);
  });

  it('AB-7.51 by metadata URL (the local IdP’s /metadata): created and updated; an unreachable URL and a bad document are clear 400s', async () => {
    const api = await admin();
    const cfg = await api.auth.createSSOConfigurationByMetadataUrl({ url: `${saml.url}/metadata`, configMetadata: {} });
    assert.equal(cfg.ssoEndpoint, saml.ssoUrl);
    const again = await api.auth.updateSSOConfigurationByMetadataUrl(cfg.id, { url: `${saml.url}/metadata` });
    assert.equal(again.id, cfg.id);
    await rejectsWith(
      api.auth.createSSOConfigurationByMetadataUrl({ url: 'http://127.0.0.1:1/metadata' }),
      400,
      /^Could not fetch the IdP metadata from http:\/\/127\.0\.0\.1:1\/metadata: /,
    );
    await rejectsWith(api.auth.createSSOConfigurationByMetadataUrl({ url: `${saml.url}/nope` }), 400, `Could not fetch the IdP metadata from ${saml.url}/nope: HTTP 404`);
    await rejectsWith(api.auth.createSSOConfigurationByMetadata({ metadata: '<nope/>' }), 400, /^The IdP metadata could not be read/);
    const updated = await api.auth.updateSSOConfigurationByMetadata(cfg.id, { metadata: saml.metadata });
    assert.equal(updated.ssoEndpoint, saml.ssoUrl);
    assert.equal((await api.auth.getSSOConfigurations()).length, 1, 'the failed creations left nothing');
  });

  it('AB-7.51 by fields, PATCH update (absent fields stay), delete; a certificate that does not parse is 400 "Invalid certificate"; other accounts’ ids are 404', async () => {
    const api = await admin();
    await rejectsWith(api.auth.createSSOConfiguration({ type: 'saml', ssoEndpoint: saml.ssoUrl, publicCertificate: 'not a certificate' }), 400, 'Invalid certificate');
    const cfg = (await api.auth.createSSOConfiguration({ type: 'saml', ssoEndpoint: saml.ssoUrl, publicCertificate: saml.certificate, signRequest: true })) as SsoAnswer;
    assert.equal(cfg.signRequest, true);
    assert.equal(cfg.publicCertificateInfo?.fingerprint256, new X509Certificate(saml.certificate).fingerprint256);
    const off = await api.auth.updateSSOConfiguration(cfg.id, { enabled: false });
    assert.deepEqual([off.enabled, off.ssoEndpoint, off.signRequest], [false, saml.ssoUrl, true]);
    await rejectsWith(api.auth.updateSSOConfiguration(cfg.id, { publicCertificate: '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----' }), 400, 'Invalid certificate');
    assert.equal((await harness.auditRows('sso.configuration.updated', cfg.id)).length, 1);

    const other = await new Client(harness.emu).post('/_emulator/tenants', { name: 'Globex' });
    await harness.makeUser('boss@globex.test', ['Admin'], { tenantId: other.body.tenantId });
    const globex = await harness.apiAs(await harness.tokenOf('boss@globex.test', 'Str0ng-Passw0rd!'));
    assert.deepEqual(await globex.auth.getSSOConfigurations(), []);
    await rejectsWith(globex.auth.updateSSOConfiguration(cfg.id, { enabled: true }), 404, 'SSO configuration not found');
    await rejectsWith(globex.auth.deleteSSOConfiguration(cfg.id), 404, 'SSO configuration not found');

    await api.auth.deleteSSOConfiguration(cfg.id);
    assert.deepEqual(await api.auth.getSSOConfigurations(), []);
    assert.equal((await harness.auditRows('sso.configuration.deleted', cfg.id)).length, 1);
  });

  it('reads need fe.secure.read.samlConfiguration and changes fe.secure.write.samlConfiguration (403 Not authorized); no token is 401', async () => {
    await harness.makeUser('reader@acme.test', ['ReadOnly']);
    const reader = await harness.apiAs(await harness.tokenOf('reader@acme.test', 'Str0ng-Passw0rd!'));
    assert.deepEqual(await reader.auth.getSSOConfigurations(), [], 'ReadOnly holds the read permission');
    await rejectsWith(reader.auth.createSSOConfigurationByMetadata({ metadata: saml.metadata }), 403, 'Not authorized');
    await rejectsWith(reader.auth.updateSamlConfiguration({ enabled: true }), 403, 'Not authorized');
    await harness.makeUser('nobody@acme.test', []);
    const nobody = await harness.apiAs(await harness.tokenOf('nobody@acme.test', 'Str0ng-Passw0rd!'));
    await rejectsWith(nobody.auth.getSSOConfigurations(), 403, 'Not authorized');
    await rejectsWith(nobody.auth.getSamlConfiguration(), 403, 'Not authorized');
    const anonymous = new Client(harness.emu);
    for (const [method, path] of [
      ['GET', '/frontegg/team/resources/sso/v1/configurations'],
      ['PUT', '/frontegg/team/resources/sso/v2/configurations/x/domains/y/validate'],
      ['GET', '/frontegg/team/resources/sso/v2/saml/configurations/groups'],
      ['GET', '/frontegg/team/resources/sso/v1/oidc/configurations'],
      ['PUT', '/frontegg/team/resources/sso/v1/saml/validations/domain'],
    ]) {
      assert.equal((await anonymous.req(method, path)).status, 401, `${method} ${path}`);
    }
    assert.deepEqual((await new Client(harness.emu).get('/frontegg/team/resources/sso/v2/configurations/public')).body, { isActive: false }, 'the public call stays public');
  });
});

describe('OIDC configurations', () => {
  it('AB-7.50 issuer discovered on save; the secret is write-only (oidcSecret "", oidcSecretSet); a failing discovery is 400; getOidcConfiguration', async () => {
    const api = await admin();
    assert.equal((await api.auth.getOidcConfiguration()).active, false);
    await rejectsWith(
      api.auth.createSSOConfiguration({ type: 'oidc', ssoEndpoint: 'http://127.0.0.1:1', oidcClientId: 'x', oidcSecret: 'y' }),
      400,
      /^OIDC discovery failed for http:\/\/127\.0\.0\.1:1: /,
    );
    const cfg = (await api.auth.createSSOConfiguration({ type: 'oidc', ssoEndpoint: oidc.issuer, oidcClientId: CORP.client_id, oidcSecret: CORP.client_secret })) as SsoAnswer;
    assert.deepEqual(
      [cfg.type, cfg.ssoEndpoint, cfg.oidcClientId, cfg.oidcSecret, cfg.oidcSecretSet, cfg.publicCertificateInfo],
      ['oidc', oidc.issuer, CORP.client_id, '', true, null],
    );
    const listed = (await api.auth.getSSOConfigurations()) as SsoAnswer[];
    assert.deepEqual([listed[0].oidcSecret, listed[0].oidcSecretSet], ['', true]);
    const rows = await harness.auditRows('sso.configuration.created', cfg.id);
    assert.ok(!JSON.stringify(rows).includes(CORP.client_secret), 'the secret is not in the audit log');
    const conf = await api.auth.getOidcConfiguration();
    assert.equal(conf.active, true);
    assert.match(conf.redirectUri!, /\/account\/oidc\/callback$/);
  });
});

describe('domains proven by DNS', () => {
  it('AB-7.52 create → TXT value to publish; validate v2 before publishing: validated false with the reason; v1 after: validated, routed at pre-login; delete un-routes', async () => {
    const api = await admin();
    const cfg = await api.auth.createSSOConfigurationByMetadata({ metadata: saml.metadata });
    const d = await api.auth.createSSODomain(cfg.id, { domain: 'Saml.Test' });
    assert.equal(d.domain, 'saml.test');
    assert.equal(d.validated, false);
    assert.match(d.txtRecord, /^fe-verification=[0-9a-f]{32}$/);
    await rejectsWith(api.auth.createSSODomain(cfg.id, { domain: 'saml.test' }), 409, 'Domain saml.test is already in this SSO configuration');
    await rejectsWith(api.auth.createSSODomain(cfg.id, { domain: 'not a domain' }), 400, 'Invalid domain: not a domain');

    const before = (await api.auth.validateSSODomainV2(cfg.id, d.id)) as unknown as Validation;
    assert.deepEqual(before, { id: d.id, domain: 'saml.test', validated: false, txtRecord: d.txtRecord, reason: DNS_NOT_FOUND_REASON });
    dns.setTxt('saml.test', ['v=spf1 -all', 'fe-verification=00000000000000000000000000000000']);
    assert.equal(((await api.auth.validateSSODomain(cfg.id, d.id)) as unknown as Validation).validated, false, 'another value is not ours');
    assert.equal(await preLogin('sam@saml.test'), null);
    assert.equal((await rowsOf('sso.domain.validation-failed')).length, 2);

    dns.setTxt('saml.test', ['v=spf1 -all', d.txtRecord]);
    const after = (await api.auth.validateSSODomain(cfg.id, d.id)) as unknown as Validation;
    assert.deepEqual(after, { id: d.id, domain: 'saml.test', validated: true, txtRecord: d.txtRecord });
    assert.equal(await preLogin('sam@saml.test'), `${ORIGIN}/frontegg/auth/sso/${cfg.id}/start`);
    assert.deepEqual(
      (await api.auth.getSSOConfigurations())[0].domains.map((x) => [x.domain, x.validated]),
      [['saml.test', true]],
    );
    assert.equal((await harness.auditRows('sso.domain.validated', cfg.id)).length, 1);

    await api.auth.updateSSOConfiguration(cfg.id, { enabled: false });
    assert.equal(await preLogin('sam@saml.test'), null, 'a disabled configuration does not route');
    await api.auth.updateSSOConfiguration(cfg.id, { enabled: true });
    assert.equal(await preLogin('sam@saml.test'), `${ORIGIN}/frontegg/auth/sso/${cfg.id}/start`);

    await api.auth.deleteSSODomain(cfg.id, d.id);
    assert.equal(await preLogin('sam@saml.test'), null);
    assert.equal((await harness.auditRows('sso.domain.deleted', cfg.id)).length, 1);
    await rejectsWith(api.auth.deleteSSODomain(cfg.id, d.id), 404, 'SSO domain not found');
  });

  it('a domain validated by another account is 409; deleting the configuration removes its routing', async () => {
    const api = await admin();
    const cfg = await api.auth.createSSOConfigurationByMetadata({ metadata: saml.metadata });
    await provenDomain(api, cfg.id, 'shared.test');
    const other = await new Client(harness.emu).post('/_emulator/tenants', { name: 'Globex' });
    await harness.makeUser('boss@globex.test', ['Admin'], { tenantId: other.body.tenantId });
    const globex = await harness.apiAs(await harness.tokenOf('boss@globex.test', 'Str0ng-Passw0rd!'));
    const theirs = await globex.auth.createSSOConfigurationByMetadata({ metadata: saml.metadata });
    const d = await globex.auth.createSSODomain(theirs.id, { domain: 'shared.test' });
    dns.setTxt('shared.test', [d.txtRecord]);
    await rejectsWith(globex.auth.validateSSODomainV2(theirs.id, d.id), 409, 'Domain shared.test is already validated by another account');
    assert.equal(await preLogin('x@shared.test'), `${ORIGIN}/frontegg/auth/sso/${cfg.id}/start`);

    await api.auth.deleteSSOConfiguration(cfg.id);
    assert.equal(await preLogin('x@shared.test'), null);
    assert.deepEqual(await harness.emu.db.select().from(ssoDomains).where(eq(ssoDomains.domain, 'shared.test')), []);
    const now = (await globex.auth.validateSSODomainV2(theirs.id, d.id)) as unknown as Validation;
    assert.equal(now.validated, true, 'free once the other account let it go');
  });
});

describe('configurations made outside these routes (seed file, /_emulator/sso-configurations)', () => {
  it('their domains count as validated: listed as validated domains, and deleting one through the routes un-routes it', async () => {
    const made = await new Client(harness.emu).post('/_emulator/sso-configurations', { type: 'saml', domains: ['seeded.test'], saml: { metadata: saml.metadata } });
    assert.equal(made.status, 201, made.text);
    const api = await admin();
    const [cfg] = await api.auth.getSSOConfigurations();
    assert.equal(cfg.id, made.body.id);
    assert.deepEqual(
      cfg.domains.map((d) => [d.domain, d.validated]),
      [['seeded.test', true]],
    );
    assert.equal(await preLogin('x@seeded.test'), made.body.address);
    await api.auth.deleteSSODomain(cfg.id, cfg.domains[0].id);
    assert.equal(await preLogin('x@seeded.test'), null);
  });
});

describe('the DNS check itself (src/sso/dns.ts)', () => {
  it('a DNS server that does not answer is "not validated yet" with the resolver’s code, never an error; another value is not ours', async () => {
    const silent = await freePort(); // nothing listens on this UDP port either (a TCP port picked the same way)
    const r = await checkTxtRecord('corp.test', 'fe-verification=x', [`127.0.0.1:${silent}`]);
    assert.equal(r.validated, false);
    assert.ok(r.reason?.startsWith(DNS_NOT_FOUND_REASON), r.reason);
    dns.setTxt('split.test', ['fe-verification=abc']);
    assert.deepEqual(await checkTxtRecord('split.test', 'fe-verification=abc', [dns.address]), { validated: true });
    assert.deepEqual(await checkTxtRecord('split.test', 'fe-verification=other', [dns.address]), { validated: false, reason: DNS_NOT_FOUND_REASON });
    assert.deepEqual(await checkTxtRecord('nothing.test', 'fe-verification=abc', [dns.address]), { validated: false, reason: DNS_NOT_FOUND_REASON });
  });
});

describe('default roles and group mappings', () => {
  it('AB-6.08 default roles per configuration; groups created, listed, updated, deleted; role ids must be the account’s (400)', async () => {
    const api = await admin();
    const cfg = await api.auth.createSSOConfigurationByMetadata({ metadata: saml.metadata });
    assert.deepEqual(await api.auth.getSSODefaultRoles(cfg.id), { roleIds: [] });
    await api.auth.setSSODefaultRoles(cfg.id, { roleIds: [READONLY_ROLE] });
    assert.deepEqual(await api.auth.getSSODefaultRoles(cfg.id), { roleIds: [READONLY_ROLE] });
    await rejectsWith(api.auth.setSSODefaultRoles(cfg.id, { roleIds: ['nope'] }), 400, 'Unknown role id: nope');
    assert.equal((await harness.auditRows('sso.roles.updated', cfg.id)).length, 1);

    await api.auth.createSSOGroup(cfg.id, { group: 'engineering', roleIds: [ADMIN_ROLE] });
    await rejectsWith(api.auth.createSSOGroup(cfg.id, { group: 'engineering', roleIds: [] }), 409, 'Group engineering is already mapped in this SSO configuration');
    await rejectsWith(api.auth.createSSOGroup(cfg.id, { group: 'x', roleIds: ['nope'] }), 400, 'Unknown role id: nope');
    const [g] = await api.auth.getSSOGroups(cfg.id);
    assert.deepEqual({ group: g.group, roleIds: g.roleIds }, { group: 'engineering', roleIds: [ADMIN_ROLE] });
    await api.auth.updateSSOGroup(cfg.id, { id: g.id, group: 'eng', roleIds: [ADMIN_ROLE, READONLY_ROLE] });
    assert.deepEqual(
      (await api.auth.getSSOGroups(cfg.id)).map((x) => [x.group, x.roleIds]),
      [['eng', [ADMIN_ROLE, READONLY_ROLE]]],
    );
    assert.deepEqual((await api.auth.getSSOConfigurations())[0].groups, [{ id: g.id, group: 'eng', roleIds: [ADMIN_ROLE, READONLY_ROLE] }]);
    await api.auth.deleteSSOGroup(cfg.id, g.id);
    assert.deepEqual(await api.auth.getSSOGroups(cfg.id), []);
    for (const action of ['sso.group.created', 'sso.group.updated', 'sso.group.deleted']) assert.equal((await harness.auditRows(action, cfg.id)).length, 1, action);
  });

  it('AB-6.08 deleting an account role removes it from the default roles and the group mappings', async () => {
    const api = await admin();
    const cfg = await api.auth.createSSOConfigurationByMetadata({ metadata: saml.metadata });
    const support = await api.roles.addRole({ key: 'Support', name: 'Support', description: 'Support', isDefault: false, level: 1, permissions: [] });
    await api.auth.setSSODefaultRoles(cfg.id, { roleIds: [support.id, READONLY_ROLE] });
    await api.auth.createSSOGroup(cfg.id, { group: 'support', roleIds: [support.id, ADMIN_ROLE] });
    await api.roles.deleteRole({ roleId: support.id });
    assert.deepEqual(await api.auth.getSSODefaultRoles(cfg.id), { roleIds: [READONLY_ROLE] });
    assert.deepEqual((await api.auth.getSSOGroups(cfg.id))[0].roleIds, [ADMIN_ROLE]);
  });
});

describe('legacy single SAML configuration', () => {
  it('AB-8.09 AB-7.49 with no configuration: get answers {enabled:false}; domain validation is 400 IllegalState', async () => {
    const api = await admin();
    assert.deepEqual(await api.auth.getSamlConfiguration(), { enabled: false });
    await rejectsWith(api.auth.validateSamlDomain(), 400, /^IllegalState: /);
    assert.deepEqual(await api.auth.getSamlRoles(), []);
    assert.deepEqual(await api.auth.getSamlRolesGroups(), []);
  });

  it('AB-3.20 AB-4.13 AB-4.14 AB-7.49 save, metadata, DNS validation false then true, a new domain clears endpoint, certificate and signRequest', async () => {
    const api = await admin();
    const saved = await api.auth.updateSamlConfiguration({
      enabled: true,
      domain: 'legacy.test',
      ssoEndpoint: saml.ssoUrl,
      publicCertificate: saml.certificate,
      signRequest: true,
    });
    for (const k of [
      'enabled',
      'domain',
      'validated',
      'generatedVerification',
      'ssoEndpoint',
      'publicCertificate',
      'signRequest',
      'acsUrl',
      'spEntityId',
      'oidcClientId',
      'oidcSecret',
      'type',
      'createdAt',
      'updatedAt',
    ]) {
      assert.ok(k in saved, `AB-3.20 ${k}`);
    }
    assert.deepEqual([saved.enabled, saved.domain, saved.validated, saved.ssoEndpoint, saved.signRequest, saved.type], [true, 'legacy.test', false, saml.ssoUrl, true, 'saml']);
    assert.match(saved.generatedVerification!, /^fe-verification=[0-9a-f]{32}$/);
    const meta = await api.auth.updateSamlVendorMetadata({ metadata: saml.metadata });
    assert.equal(meta.ssoEndpoint, saml.ssoUrl);

    const notYet = (await api.auth.validateSamlDomain()) as typeof saved & { reason?: string };
    assert.deepEqual([notYet.validated, notYet.reason], [false, DNS_NOT_FOUND_REASON]);
    dns.setTxt('legacy.test', [saved.generatedVerification!]);
    const ok = (await api.auth.validateSamlDomain()) as typeof saved & { reason?: string };
    assert.deepEqual([ok.validated, ok.reason], [true, undefined]);
    const cfgId = (ok as unknown as { id: string }).id;
    assert.equal(await preLogin('sam@legacy.test'), `${ORIGIN}/frontegg/auth/sso/${cfgId}/start`);
    assert.equal((await api.auth.getSSOConfigurations()).length, 1, 'one truth: the legacy configuration is one of the account’s configurations');

    const moved = await api.auth.updateSamlConfiguration({ ...ok, domain: 'new.test' });
    assert.deepEqual([moved.domain, moved.validated, moved.ssoEndpoint, moved.publicCertificate, moved.signRequest], ['new.test', false, '', '', false]);
    assert.notEqual(moved.generatedVerification, saved.generatedVerification);
    assert.equal(await preLogin('sam@legacy.test'), null, 'the old domain no longer routes');
    const kept = await api.auth.updateSamlConfiguration({ ...moved, ssoEndpoint: saml.ssoUrl, signRequest: true });
    assert.deepEqual([kept.ssoEndpoint, kept.signRequest], [saml.ssoUrl, true], 'the same domain keeps what the save sets');
    assert.ok((await rowsOf('sso.configuration.updated')).length >= 2);
  });

  it('AB-4.14 issue 29 item 6: a new domain saved with a new SSO URL and certificate keeps them; with only the stored ones it clears them', async () => {
    const api = await admin();
    const first = await api.auth.updateSamlConfiguration({ enabled: true, domain: 'legacy.test', ssoEndpoint: 'https://idp.old.test/sso', publicCertificate: saml.certificate });
    assert.deepEqual([first.domain, first.ssoEndpoint], ['legacy.test', 'https://idp.old.test/sso']);
    const rotated = selfSignedCertificate('rotated legacy IdP').certificate;
    const moved = await api.auth.updateSamlConfiguration({
      enabled: true,
      domain: 'moved.test',
      ssoEndpoint: 'https://idp.new.test/sso',
      publicCertificate: rotated,
      signRequest: true,
    });
    assert.deepEqual([moved.domain, moved.validated, moved.ssoEndpoint, moved.signRequest], ['moved.test', false, 'https://idp.new.test/sso', true], 'what the save sent is kept');
    assert.equal((moved as unknown as SsoAnswer).publicCertificateInfo?.fingerprint256, new X509Certificate(rotated).fingerprint256);
    assert.notEqual(moved.generatedVerification, first.generatedVerification, 'the new domain still gets a new TXT value');
    const onlyDomain = await api.auth.updateSamlConfiguration({ enabled: true, domain: 'third.test' });
    assert.deepEqual([onlyDomain.ssoEndpoint, onlyDomain.publicCertificate, onlyDomain.signRequest], ['', '', false], 'AB-4.14: a bare new domain clears them');
  });

  it('AB-6.09 SAML default roles and group mappings', async () => {
    const api = await admin();
    await rejectsWith(api.auth.updateSamlRoles({ roleIds: [READONLY_ROLE] }), 400, /^IllegalState: /);
    await api.auth.updateSamlConfiguration({ enabled: true, domain: 'legacy.test' });
    await api.auth.updateSamlRoles({ roleIds: [READONLY_ROLE] });
    assert.deepEqual(await api.auth.getSamlRoles(), [READONLY_ROLE]);
    await api.auth.createSamlGroup({ group: 'admins', roleIds: [ADMIN_ROLE] });
    const [g] = await api.auth.getSamlRolesGroups();
    assert.deepEqual([g.group, g.roleIds], ['admins', [ADMIN_ROLE]]);
    await api.auth.updateSamlGroup({ id: g.id, group: 'admins', roleIds: [] });
    assert.deepEqual((await api.auth.getSamlRolesGroups())[0].roleIds, []);
    await api.auth.deleteSamlGroup({ id: g.id });
    assert.deepEqual(await api.auth.getSamlRolesGroups(), []);
    await rejectsWith(api.auth.deleteSamlGroup({ id: g.id }), 404, 'SSO group not found');
  });
});

describe('sign-in through a configuration made by these routes', () => {
  /** The member's role ids in the seeded tenant. */
  const rolesOf = async (userId: string) =>
    (
      await harness.emu.db
        .select({ roleId: userTenantRoles.roleId })
        .from(userTenantRoles)
        .where(and(eq(userTenantRoles.userId, userId), eq(userTenantRoles.tenantId, SEED.tenantId)))
    )
      .map((r) => r.roleId)
      .sort();

  it('AB-6.08 AB-7.50 OIDC: discovered issuer, proven domain, default + group-mapped roles, user source oidc, audit rows', async () => {
    const api = await admin();
    const cfg = await api.auth.createSSOConfiguration({ type: 'oidc', ssoEndpoint: oidc.issuer, oidcClientId: CORP.client_id, oidcSecret: CORP.client_secret });
    await provenDomain(api, cfg.id, 'corp.test');
    await api.auth.setSSODefaultRoles(cfg.id, { roleIds: [READONLY_ROLE] });
    await api.auth.createSSOGroup(cfg.id, { group: 'engineering', roleIds: [ADMIN_ROLE] });

    const signIn = async (email: string) => {
      const c = new Client(harness.emu);
      const address = await preLogin(email);
      assert.equal(address, `${ORIGIN}/frontegg/auth/sso/${cfg.id}/start`);
      const start = await c.get(new URL(address!).pathname, { referer: `${PAGE}/account/login` });
      assert.equal(start.status, 302, start.text);
      const back = await oidc.signIn(start.headers.get('location')!, email);
      // oidcPostLoginV2: code, redirectUri and RelayState (AB-7.50)
      const res = await c.post(`${P}/auth/v2/user/oidc/postlogin`, { code: back.searchParams.get('code'), redirectUri: OIDC_CB, RelayState: back.searchParams.get('state') });
      assert.equal(res.status, 200, res.text);
      return res.body as { userId: string; id: string; email: string };
    };
    const ann = await signIn('ann@corp.test');
    const annId = ann.userId ?? ann.id;
    assert.deepEqual(await rolesOf(annId), [ADMIN_ROLE, READONLY_ROLE].sort(), 'default + mapped from the groups claim');
    const bob = await signIn('bob@corp.test');
    assert.deepEqual(await rolesOf(bob.userId ?? bob.id), [READONLY_ROLE], 'no groups: the default roles');
    const [source] = await harness.emu.db.select().from(userSources).where(eq(userSources.userId, annId));
    assert.deepEqual([source.provider, source.managedBy, source.sourceId, source.tenantId], ['oidc', 'frontegg', cfg.id, SEED.tenantId]);
    const [signedUp] = await harness.auditRows('user.signed-up', annId);
    assert.deepEqual(signedUp.details, { method: 'oidc', ssoConfigurationId: cfg.id, groups: ['engineering'], roleIds: [READONLY_ROLE, ADMIN_ROLE] });
  });

  it('AB-6.09 SAML from the metadata URL: proven domain, groups attribute mapped to roles, user source saml, audit rows', async () => {
    const api = await admin();
    const cfg = await api.auth.createSSOConfigurationByMetadataUrl({ url: `${saml.url}/metadata` });
    await provenDomain(api, cfg.id, 'saml.test');
    await api.auth.setSSODefaultRoles(cfg.id, { roleIds: [READONLY_ROLE] });
    await api.auth.createSSOGroup(cfg.id, { group: 'engineering', roleIds: [ADMIN_ROLE] });

    const c = new Client(harness.emu);
    const address = await preLogin('sam@saml.test');
    const start = await c.get(new URL(address!).pathname, { referer: `${PAGE}/account/login` });
    assert.equal(start.status, 302, start.text);
    const posted = await saml.respond(start.headers.get('location')!, 'sam@saml.test');
    const acs = await c.req('POST', '/frontegg/auth/saml/callback', new URLSearchParams({ SAMLResponse: posted.SAMLResponse, RelayState: posted.RelayState }).toString(), {
      'content-type': 'application/x-www-form-urlencoded',
    });
    assert.equal(acs.status, 303, acs.text);
    const cb = new URL(acs.headers.get('location')!);
    assert.equal(cb.searchParams.get('error'), null, cb.searchParams.get('error_description') ?? '');
    const res = await c.post(`${P}/auth/v1/user/saml/postlogin`, { RelayState: cb.searchParams.get('RelayState'), code: cb.searchParams.get('code') });
    assert.equal(res.status, 200, res.text);
    const userId = (res.body.userId ?? res.body.id) as string;
    assert.deepEqual(await rolesOf(userId), [ADMIN_ROLE, READONLY_ROLE].sort());
    const [source] = await harness.emu.db.select().from(userSources).where(eq(userSources.userId, userId));
    assert.deepEqual([source.provider, source.sourceId], ['saml', cfg.id]);
    const [signedUp] = await harness.auditRows('user.signed-up', userId);
    assert.deepEqual((signedUp.details as { groups: string[] }).groups, ['engineering', 'everyone']);
  });
});

describe('issue 31 item 5: the setup in the IdP’s order', () => {
  const CONFIGS = '/frontegg/team/resources/sso/v1/configurations';
  type Answer = { id: string; enabled: boolean; configMetadata: Record<string, string> };
  type Refusal = { errors: string[]; errorCode: string; context?: { reason: string; status?: number } };
  /** The admin's client and bearer header. */
  const asAdmin = async () => {
    const token = await harness.tokenOf();
    return { client: new Client(harness.emu), auth: { authorization: `Bearer ${token}` } };
  };

  it('the IdP chosen is kept as configMetadata.vendor by every create (fields, metadata, metadata URL) and answered; the metadata creates may start disabled', async () => {
    const { client, auth } = await asAdmin();
    const byUrl = await client.post<Answer>(`${CONFIGS}/metadata-url`, { url: `${saml.url}/metadata`, configMetadata: { vendor: 'okta' }, enabled: false }, auth);
    assert.equal(byUrl.status, 201, byUrl.text);
    assert.deepEqual([byUrl.body.enabled, byUrl.body.configMetadata], [false, { vendor: 'okta' }]);
    const byXml = await client.post<Answer>(`${CONFIGS}/metadata`, { metadata: saml.metadata, configMetadata: { vendor: 'google', n: 1 }, enabled: false }, auth);
    assert.deepEqual([byXml.body.enabled, byXml.body.configMetadata], [false, { vendor: 'google' }], 'string values only');
    const byFields = await client.post<Answer>(
      CONFIGS,
      { type: 'oidc', ssoEndpoint: oidc.issuer, oidcClientId: CORP.client_id, oidcSecret: CORP.client_secret, enabled: false, configMetadata: { vendor: 'oidc' } },
      auth,
    );
    assert.deepEqual([byFields.body.enabled, byFields.body.configMetadata], [false, { vendor: 'oidc' }]);
    // (the first one goes: the Free plan allows 3 SSO connections, issue 32)
    assert.equal((await client.req('DELETE', `${CONFIGS}/${byUrl.body.id}`, undefined, auth)).status, 200);
    // without the emulator addition the metadata create stays enabled, as before; no configMetadata is {}
    const plain = await client.post<Answer>(`${CONFIGS}/metadata`, { metadata: saml.metadata }, auth);
    assert.deepEqual([plain.body.enabled, plain.body.configMetadata], [true, {}]);
    const listed = (await client.get<Answer[]>(CONFIGS, auth)).body;
    assert.deepEqual(
      listed.map((c) => c.configMetadata.vendor ?? null),
      ['google', 'oidc', null],
    );
    // a PATCH with configMetadata replaces it
    const changed = await client.req<Answer>('PATCH', `${CONFIGS}/${plain.body.id}`, { configMetadata: { vendor: 'azure' } }, auth);
    assert.deepEqual(changed.body.configMetadata, { vendor: 'azure' });
  });

  it('an issuer or metadata address that cannot be reached answers why as context.reason (NO_SUCH_HOST, REFUSED, HTTP with status), the message as before', async () => {
    const { client, auth } = await asAdmin();
    const unknownHost = await client.post<Refusal>(CONFIGS, { type: 'oidc', ssoEndpoint: 'https://idp.invalid', oidcClientId: 'x', oidcSecret: 'y' }, auth);
    assert.equal(unknownHost.status, 400);
    assert.equal(unknownHost.body.errorCode, 'ER-SSO-OIDC-DISCOVERY');
    assert.match(unknownHost.body.errors[0], /^OIDC discovery failed for https:\/\/idp\.invalid: /);
    assert.deepEqual(unknownHost.body.context, { reason: 'NO_SUCH_HOST' });
    const refused = await client.post<Refusal>(CONFIGS, { type: 'oidc', ssoEndpoint: 'http://127.0.0.1:1', oidcClientId: 'x', oidcSecret: 'y' }, auth);
    assert.deepEqual(refused.body.context, { reason: 'REFUSED' });
    const notOidc = await client.post<Refusal>(CONFIGS, { type: 'oidc', ssoEndpoint: `${saml.url}/nope`, oidcClientId: 'x', oidcSecret: 'y' }, auth);
    assert.deepEqual(notOidc.body.context, { reason: 'HTTP', status: 404 });
    const metadata = await client.post<Refusal>(`${CONFIGS}/metadata-url`, { url: `${saml.url}/nope` }, auth);
    assert.deepEqual(
      [metadata.body.errorCode, metadata.body.errors[0], metadata.body.context],
      ['ER-SSO-METADATA-URL', `Could not fetch the IdP metadata from ${saml.url}/nope: HTTP 404`, { reason: 'HTTP', status: 404 }],
    );
    const nowhere = await client.post<Refusal>(`${CONFIGS}/metadata-url`, { url: 'https://idp.invalid/metadata' }, auth);
    assert.deepEqual(nowhere.body.context, { reason: 'NO_SUCH_HOST' });
    assert.deepEqual((await client.get<Answer[]>(CONFIGS, auth)).body, [], 'nothing made');
  });

  it('a test sign-in (SAML) of a disabled connection: the IdP answers at the ACS, the result and the attributes are kept for the portal; nobody is signed in, no user is made, the state signs nothing in afterwards', async () => {
    const { client, auth } = await asAdmin();
    const cfg = (await client.post<Answer>(`${CONFIGS}/metadata`, { metadata: saml.metadata, enabled: false }, auth)).body;
    const usersBefore = (await harness.emu.db.select().from(users)).length;
    const sessionsBefore = (await harness.emu.db.select().from(refreshTokens)).length;
    const test = await client.post<{ id: string; url: string }>(`${CONFIGS}/${cfg.id}/test`, {}, auth);
    assert.equal(test.status, 201, test.text);
    assert.ok(test.body.url.startsWith(`${saml.url}/sso?`), test.body.url);
    type Result = { status: string; email?: string; groups?: string[]; attributes?: Record<string, string[]>; reason?: string };
    assert.equal((await client.get<Result>(`${CONFIGS}/${cfg.id}/test/${test.body.id}`, auth)).body.status, 'pending');
    const posted = await saml.respond(test.body.url, 'sam@saml.test');
    const browser = new Client(harness.emu);
    const form = new URLSearchParams({ SAMLResponse: posted.SAMLResponse, RelayState: posted.RelayState }).toString();
    const acs = await browser.req('POST', '/frontegg/auth/saml/callback', form, { 'content-type': 'application/x-www-form-urlencoded' });
    assert.equal(acs.status, 200, acs.text);
    assert.match(acs.text, /Test sign-in finished/);
    assert.deepEqual(acs.headers.getSetCookie(), [], 'no cookie: no session');
    const result = (await client.get<Result>(`${CONFIGS}/${cfg.id}/test/${test.body.id}`, auth)).body;
    assert.deepEqual([result.status, result.email, result.groups], ['succeeded', 'sam@saml.test', ['engineering', 'everyone']]);
    assert.deepEqual(result.attributes?.groups, ['engineering', 'everyone']);
    assert.equal((await harness.emu.db.select().from(users)).length, usersBefore, 'no user made');
    assert.equal((await harness.emu.db.select().from(refreshTokens)).length, sessionsBefore, 'no session made');
    // the answer cannot be replayed, and the test's state signs nothing in
    const again = await browser.req('POST', '/frontegg/auth/saml/callback', form, { 'content-type': 'application/x-www-form-urlencoded' });
    assert.equal(again.status, 400);
    const post = await browser.post(`${P}/auth/v1/user/saml/postlogin`, { RelayState: posted.RelayState, SAMLResponse: posted.SAMLResponse });
    assert.equal(post.status, 400, post.text);
    assert.equal((await client.get<Answer[]>(CONFIGS, auth)).body[0].enabled, false, 'still disabled');
    assert.equal((await harness.auditRows('sso.configuration.test-started', cfg.id)).length, 1);
  });

  it('a test sign-in whose answer fails validation reports why; readers and anonymous callers are refused', async () => {
    const { client, auth } = await asAdmin();
    const cfg = (await client.post<Answer>(`${CONFIGS}/metadata`, { metadata: saml.metadata, enabled: false }, auth)).body;
    const test = (await client.post<{ id: string; url: string }>(`${CONFIGS}/${cfg.id}/test`, {}, auth)).body;
    const posted = await saml.respond(test.url, 'sam@saml.test');
    const tampered = Buffer.from(Buffer.from(posted.SAMLResponse, 'base64').toString('utf8').replace('sam@saml.test', 'eve@saml.test')).toString('base64');
    const acs = await new Client(harness.emu).req(
      'POST',
      '/frontegg/auth/saml/callback',
      new URLSearchParams({ SAMLResponse: tampered, RelayState: posted.RelayState }).toString(),
      {
        'content-type': 'application/x-www-form-urlencoded',
      },
    );
    assert.equal(acs.status, 400);
    const result = (await client.get<{ status: string; reason?: string }>(`${CONFIGS}/${cfg.id}/test/${test.id}`, auth)).body;
    assert.equal(result.status, 'failed');
    assert.ok(result.reason, 'a reason');
    await harness.makeUser('reader@acme.test', ['ReadOnly']);
    const reader = { authorization: `Bearer ${await harness.tokenOf('reader@acme.test', 'Str0ng-Passw0rd!')}` };
    assert.equal((await client.post(`${CONFIGS}/${cfg.id}/test`, {}, reader)).status, 403);
    assert.equal((await client.get(`${CONFIGS}/${cfg.id}/test/${test.id}`, reader)).status, 403);
    assert.equal((await client.get(`${CONFIGS}/${cfg.id}/test/nope`, auth)).status, 404);
    assert.equal((await new Client(harness.emu).post(`${CONFIGS}/${cfg.id}/test`, {})).status, 401);
  });
});

describe('issue 31 item 5: the OIDC test sign-in (through the redirect URI already registered)', () => {
  const CONFIGS = '/frontegg/team/resources/sso/v1/configurations';
  const POSTLOGIN = `${P}/auth/v1/user/oidc/postlogin`;
  type Result = { id: string; status: string; email?: string; name?: string | null; groups?: string[]; attributes?: Record<string, string[]>; reason?: string };
  type Finished = { ssoTestSignIn: { id: string; status: string } };
  // the portal and the callback page are the host page's (its origin makes the registered redirect URI)
  const fromPage = { origin: PAGE };

  /** An admin's client, bearer and a disabled OIDC connection of the corp IdP. */
  async function disabledOidc() {
    const client = new Client(harness.emu);
    const auth = { authorization: `Bearer ${await harness.tokenOf()}`, ...fromPage };
    const body = { type: 'oidc', ssoEndpoint: oidc.issuer, oidcClientId: CORP.client_id, oidcSecret: CORP.client_secret, enabled: false };
    const cfg = await client.post<{ id: string; enabled: boolean }>(CONFIGS, body, auth);
    assert.equal(cfg.status, 201, cfg.text);
    return { client, auth, cfg: cfg.body };
  }
  async function startTest(client: Client, auth: Record<string, string>, id: string) {
    const test = await client.post<{ id: string; url: string }>(`${CONFIGS}/${id}/test`, {}, auth);
    assert.equal(test.status, 201, test.text);
    return test.body;
  }
  const resultOf = async (client: Client, auth: Record<string, string>, cfgId: string, testId: string) =>
    (await client.get<Result>(`${CONFIGS}/${cfgId}/test/${testId}`, auth)).body;

  it('starts at the IdP with the registered redirect URI, PKCE, a nonce and a test state; the code posted by the callback page is exchanged and the id_token validated; the claims are kept; nobody is signed in, no user is made', async () => {
    const { client, auth, cfg } = await disabledOidc();
    const usersBefore = (await harness.emu.db.select().from(users)).length;
    const sessionsBefore = (await harness.emu.db.select().from(refreshTokens)).length;
    const test = await startTest(client, auth, cfg.id);
    const url = new URL(test.url);
    assert.equal(url.origin, oidc.issuer);
    assert.deepEqual(
      [url.searchParams.get('client_id'), url.searchParams.get('redirect_uri'), url.searchParams.get('code_challenge_method')],
      [CORP.client_id, OIDC_CB, 'S256'],
      'the redirect URI already registered at the IdP',
    );
    assert.ok(url.searchParams.get('state')?.startsWith('sso-test.') && url.searchParams.get('nonce') && url.searchParams.get('code_challenge'));
    assert.equal((await resultOf(client, auth, cfg.id, test.id)).status, 'pending');
    const back = await oidc.signIn(test.url, 'ann@corp.test');
    assert.equal(back.origin + back.pathname, OIDC_CB);
    const page = new Client(harness.emu);
    const callback = { code: back.searchParams.get('code'), state: back.searchParams.get('state'), redirectUri: OIDC_CB };
    const finished = await page.post<Finished>(POSTLOGIN, callback, fromPage);
    assert.equal(finished.status, 200, finished.text);
    assert.deepEqual(finished.body, { ssoTestSignIn: { id: test.id, status: 'succeeded' } });
    assert.deepEqual(finished.headers.getSetCookie(), [], 'no cookie: no session');
    const result = await resultOf(client, auth, cfg.id, test.id);
    assert.deepEqual([result.status, result.email, result.name, result.groups], ['succeeded', 'ann@corp.test', 'Ann', ['engineering']]);
    assert.deepEqual([result.attributes?.email, result.attributes?.aud, result.attributes?.iss], [['ann@corp.test'], [CORP.client_id], [oidc.issuer]], 'the claims received');
    assert.equal((await harness.emu.db.select().from(users)).length, usersBefore, 'no user made');
    assert.equal((await harness.emu.db.select().from(refreshTokens)).length, sessionsBefore, 'no session made');
    // single use: the state is spent, through v1 or v2, and never signs in
    const again = await page.post<{ errorCode: string }>(POSTLOGIN, callback, fromPage);
    assert.deepEqual([again.status, again.body.errorCode], [400, 'ER-SSO-STATE-INVALID']);
    const v2 = await page.post(`${P}/auth/v2/user/oidc/postlogin`, { code: callback.code, RelayState: callback.state, redirectUri: OIDC_CB }, fromPage);
    assert.equal(v2.status, 400, v2.text);
    assert.equal((await resultOf(client, auth, cfg.id, test.id)).status, 'succeeded', 'the result stays');
    assert.equal((await client.get<{ enabled: boolean }[]>(CONFIGS, auth)).body[0].enabled, false, 'still disabled');
    assert.equal((await harness.auditRows('sso.configuration.test-started', cfg.id)).length, 1);
  });

  it("failures are kept as a failed test with a sentence: the IdP's error, a bad code, a foreign callback", async () => {
    const { client, auth, cfg } = await disabledOidc();
    const page = new Client(harness.emu);
    // the admin presses Cancel at the IdP: it sends the callback page error=access_denied
    const cancelled = await startTest(client, auth, cfg.id);
    const back = await oidc.signIn(cancelled.url, null);
    assert.equal(back.searchParams.get('error'), 'access_denied');
    const error = {
      state: back.searchParams.get('state'),
      error: 'access_denied',
      error_description: back.searchParams.get('error_description') ?? undefined,
      redirectUri: OIDC_CB,
    };
    assert.deepEqual((await page.post<Finished>(POSTLOGIN, error, fromPage)).body, { ssoTestSignIn: { id: cancelled.id, status: 'failed' } });
    const r1 = await resultOf(client, auth, cfg.id, cancelled.id);
    assert.equal(r1.status, 'failed');
    assert.match(r1.reason!, /^The identity provider answered an error \(access_denied/);
    // a code the IdP never issued
    const badCode = await startTest(client, auth, cfg.id);
    const state = new URL(badCode.url).searchParams.get('state');
    assert.equal((await page.post<Finished>(POSTLOGIN, { code: 'not-a-code', state, redirectUri: OIDC_CB }, fromPage)).body.ssoTestSignIn.status, 'failed');
    assert.match((await resultOf(client, auth, cfg.id, badCode.id)).reason!, /^The identity provider refused the code \(invalid_grant\)/);
    // a callback that is not the registered redirect URI
    const elsewhere = await startTest(client, auth, cfg.id);
    const back3 = await oidc.signIn(elsewhere.url, 'ann@corp.test');
    const foreign = { code: back3.searchParams.get('code'), state: back3.searchParams.get('state'), redirectUri: `${PAGE}/elsewhere` };
    assert.equal((await page.post<Finished>(POSTLOGIN, foreign, fromPage)).body.ssoTestSignIn.status, 'failed');
    assert.equal((await resultOf(client, auth, cfg.id, elsewhere.id)).reason, 'The callback is not the redirect URI registered for this connection');
  });

  it('a test state expires after 10 minutes: the late callback is refused and the result reads expired', async () => {
    const { client, auth, cfg } = await disabledOidc();
    const test = await startTest(client, auth, cfg.id);
    const back = await oidc.signIn(test.url, 'ann@corp.test');
    assert.equal((await new Client(harness.emu).req('PUT', '/_emulator/clock', { offsetSeconds: 11 * 60 })).status, 200);
    try {
      const late = await new Client(harness.emu).post<{ errorCode: string }>(
        POSTLOGIN,
        { code: back.searchParams.get('code'), state: back.searchParams.get('state'), redirectUri: OIDC_CB },
        fromPage,
      );
      assert.deepEqual([late.status, late.body.errorCode], [400, 'ER-SSO-STATE-INVALID']);
      const later = { authorization: `Bearer ${await harness.tokenOf()}`, ...fromPage }; // the first token expired too
      assert.equal((await resultOf(client, later, cfg.id, test.id)).status, 'expired');
    } finally {
      await new Client(harness.emu).req('PUT', '/_emulator/clock', { offsetSeconds: 0 });
    }
  });

  it("a test is its connection's and its account's: another account cannot start it or read it, another connection's id does not find it", async () => {
    const { client, auth, cfg } = await disabledOidc();
    const test = await startTest(client, auth, cfg.id);
    const other = await new Client(harness.emu).post('/_emulator/tenants', { name: 'Globex' });
    await harness.makeUser('boss@globex.test', ['Admin'], { tenantId: other.body.tenantId });
    const globex = { authorization: `Bearer ${await harness.tokenOf('boss@globex.test', 'Str0ng-Passw0rd!')}`, ...fromPage };
    assert.equal((await client.post(`${CONFIGS}/${cfg.id}/test`, {}, globex)).status, 404);
    assert.equal((await client.get(`${CONFIGS}/${cfg.id}/test/${test.id}`, globex)).status, 404);
    const second = (await disabledOidc()).cfg;
    assert.equal((await client.get(`${CONFIGS}/${second.id}/test/${test.id}`, auth)).status, 404);
    assert.equal((await resultOf(client, auth, cfg.id, test.id)).status, 'pending');
  });
});
