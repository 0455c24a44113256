/**
 * The harness of the admin-portal tests: an emulator started once per file and reset before each test, Frontegg's own
 * client (`@frontegg/rest-api`) signed in as any user, users made through `/_emulator/users`, the audit rows written,
 * and the check that a client call fails as the reference product's client reports it.
 */
import { before, after, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq } from 'drizzle-orm';
import { FronteggApiError, type FronteggApiClient } from '@frontegg/rest-api';
import type { Emulator, EmulatorOptions } from '../src/app.ts';
import { SEED } from '../src/db/seed.ts';
import { audits } from '../src/db/schema.ts';
import { Client, P, startEmulator } from './helpers.ts';
import { fronteggClient } from './rest-api.ts';

/** The password of every user a test makes with `makeUser`. */
export const PASSWORD = 'Str0ng-Passw0rd!';

/** One row of the audit log. */
export type AuditRow = typeof audits.$inferSelect;

/** What `useAdminEmulator` gives a test file. */
export interface AdminHarness {
  /** The running emulator (set once the file's `before` hook has run). */
  readonly emu: Emulator;
  /** Signs `email` in (the seeded admin by default), optionally with extra request headers: the cookie-jar client and its access token. */
  signIn(email?: string, password?: string, headers?: Record<string, string>): Promise<{ client: Client; token: string }>;
  /** An access token of `email` (the seeded admin by default). */
  tokenOf(email?: string, password?: string): Promise<string>;
  /** Frontegg's client with `token` as the bearer; its server stops after the test. */
  apiAs(token: string): Promise<FronteggApiClient>;
  /** Frontegg's client signed in as the seeded admin. */
  adminApi(): Promise<FronteggApiClient>;
  /** A user made through `/_emulator/users` with `PASSWORD` and the role keys given (in the seeded tenant unless `tenantId`); its id. */
  makeUser(email: string, roles?: string[], extra?: { tenantId?: string; name?: string }): Promise<string>;
  /** The audit rows of `action` on `targetId`. */
  auditRows(action: string, targetId: string): Promise<AuditRow[]>;
  /** An account made through `/_emulator/tenants`, under `parentTenantId` when given; its id. */
  makeTenant(tenantId: string, name: string, parentTenantId?: string): Promise<string>;
}

/**
 * Registers the `node:test` hooks of an admin-portal test file — start the emulator before all tests, reset it before
 * each, stop the Frontegg clients' servers after each and the emulator after all — and returns the helpers bound to it.
 * Call it once, at the top level of the file. `options` (called in the `before` hook) are the emulator's, e.g. the
 * `dnsServers` of a DNS server a file starts first.
 */
export function useAdminEmulator(options?: () => EmulatorOptions | Promise<EmulatorOptions>): AdminHarness {
  let emu: Emulator | undefined;
  const closers: (() => Promise<void>)[] = [];
  const running = (): Emulator => {
    assert.ok(emu, 'the emulator is not started yet (use it inside a test or hook)');
    return emu;
  };
  before(async () => {
    emu = await startEmulator(await options?.());
  });
  after(async () => {
    await emu?.close();
  });
  beforeEach(async () => {
    await running().reset();
  });
  afterEach(async () => {
    await Promise.all(closers.splice(0).map((close) => close()));
  });
  const harness: AdminHarness = {
    get emu() {
      return running();
    },
    signIn: (email, password, headers) => signIn(running(), email, password, headers),
    tokenOf: async (email, password) => (await signIn(running(), email, password)).token,
    apiAs: async (token) => {
      const { api, close } = await fronteggClient(running(), token);
      closers.push(close);
      return api;
    },
    adminApi: async () => harness.apiAs(await harness.tokenOf()),
    makeUser: (email, roles, extra) => makeUser(running(), email, roles, extra),
    auditRows: (action, targetId) => auditRows(running(), action, targetId),
    makeTenant: (tenantId, name, parentTenantId) => makeTenant(running(), tenantId, name, parentTenantId),
  };
  return harness;
}

/** Asserts that `promise` fails as a FronteggApiError with `status` and the message `message` (equal, or matching a RegExp). */
export async function rejectsWith(promise: Promise<unknown>, status: number, message: string | RegExp): Promise<void> {
  await assert.rejects(promise, (e: unknown) => {
    assert.ok(e instanceof FronteggApiError, `not a FronteggApiError: ${String(e)}`);
    assert.equal(e.statusCode, status, e.message);
    if (typeof message === 'string') assert.equal(e.message, message);
    else assert.match(e.message, message);
    return true;
  });
}

async function signIn(emu: Emulator, email: string = SEED.adminEmail, password: string = SEED.adminPassword, headers?: Record<string, string>) {
  const client = new Client(emu);
  const res = await client.post(`${P}/auth/v1/user`, { email, password }, headers);
  assert.equal(res.status, 200, res.text);
  return { client, token: res.body.accessToken as string };
}

async function makeUser(emu: Emulator, email: string, roles = ['ReadOnly'], extra: { tenantId?: string; name?: string } = {}): Promise<string> {
  const res = await new Client(emu).post('/_emulator/users', { email, password: PASSWORD, roles, ...extra });
  assert.equal(res.status, 201, res.text);
  return res.body.id as string;
}

async function makeTenant(emu: Emulator, tenantId: string, name: string, parentTenantId?: string): Promise<string> {
  const res = await new Client(emu).post('/_emulator/tenants', { tenantId, name, parentTenantId });
  assert.equal(res.status, 201, res.text);
  assert.equal(res.body.parentTenantId, parentTenantId ?? null);
  return tenantId;
}

function auditRows(emu: Emulator, action: string, targetId: string): Promise<AuditRow[]> {
  return emu.db
    .select()
    .from(audits)
    .where(and(eq(audits.action, action), eq(audits.targetId, targetId)));
}
