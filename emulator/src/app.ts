/**
 * The emulator of the identity API: a Hono app over PGlite (or Postgres)
 * with real password hashing, RS256 tokens, refresh-cookie rotation, TOTP and
 * an outbox. `createEmulator()` opens the database, migrates, seeds on first
 * start and returns the app.
 */
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { eq } from 'drizzle-orm';
import { DEFAULT_CORS_ORIGINS, DEFAULT_DATA_DIR, DEFAULT_ISSUER, DEFAULT_PORT } from './defaults.ts';
import { openDatabase, type Db } from './db/client.ts';
import { runMigrations } from './db/migrations.ts';
import { SEED, seed } from './db/seed.ts';
import { resetDatabase } from './db/reset.ts';
import { applySeedFile } from './apply-seed.ts';
import type { SeedFile } from './seed-file.ts';
import { setClock, type ClockChange } from './clock.ts';
import { FaultSwitches, faultMiddleware, faultRoutes } from './http/faults.ts';
import { vendors } from './db/schema.ts';
import { loadOrCreateSigningKey } from './crypto/keys.ts';
import { traceId } from './crypto/tokens.ts';
import type { AppEnv, EmulatorRuntime } from './http/env.ts';
import type { HostResolver } from './http/outbound.ts';
import { HttpError, errorBody } from './http/errors.ts';
import { compileTrustedProxies, DEFAULT_TRUSTED_PROXIES, parseTrustedProxies } from './http/client-ip.ts';
import { keepDurableAudits } from './audit.ts';
import { authRoutes, jwksRoutes } from './routes/auth.ts';
import { mfaRoutes } from './routes/mfa.ts';
import { mfaMethodEmulatorRoutes, mfaMethodRoutes } from './routes/mfa-methods.ts';
import { userMfaRoutes } from './routes/user-mfa.ts';
import { userRoutes } from './routes/users.ts';
import { passwordRoutes } from './routes/passwords.ts';
import { configRoutes } from './routes/config.ts';
import { metadataRoutes } from './routes/metadata.ts';
import { outboxRoutes } from './routes/outbox.ts';
import { emulatorRoutes } from './routes/emulator.ts';
import { lifecycleRoutes } from './routes/lifecycle.ts';
import { invitationRoutes } from './routes/invitations.ts';
import { tenantRoutes } from './routes/tenants.ts';
import { lifecycleEmulatorRoutes } from './routes/emulator-lifecycle.ts';
import { entitlementEmulatorRoutes, entitlementRoutes } from './routes/entitlements.ts';
import { stepUpEmulatorRoutes, stepUpRoutes } from './routes/step-up.ts';
import { clockEmulatorRoutes } from './routes/clock.ts';
import { mountOAuth } from './routes/oauth.ts';
import { mountPasskeys } from './routes/passkeys.ts';
import { mountPasswordless } from './routes/passwordless.ts';
import { mountAuthorize } from './routes/authorize.ts';
import { mountFederation } from './routes/federation.ts';
import { adminRoleRoutes } from './routes/admin/roles.ts';
import { adminGroupRoutes } from './routes/admin/groups.ts';
import { adminUserEmulatorRoutes, adminUserRoutes } from './routes/admin/users.ts';
import { adminTokenRoutes } from './routes/admin/tokens.ts';
import { adminSessionRoutes } from './routes/admin/sessions.ts';
import { sessionPolicyRoutes } from './routes/session-policy.ts';
import { adminAccountRoutes } from './routes/admin/account.ts';
import { adminProfileRoutes } from './routes/admin/profile.ts';
import { adminHierarchyRoutes } from './routes/admin/hierarchy.ts';
import { adminAuditEmulatorRoutes, adminAuditRoutes } from './routes/admin/audits.ts';
import { adminInvitationRoutes } from './routes/admin/invitations.ts';
import { adminRestrictionRoutes } from './routes/admin/restrictions.ts';
import { forgetRestrictions, settleRestrictionCache } from './restrictions.ts';
import { enforceIpRestrictions } from './ip-enforcement.ts';
import { adminSecurityRoutes } from './routes/admin/security.ts';
import { adminSsoRoutes } from './routes/admin/sso.ts';
import { adminProvisioningRoutes } from './routes/admin/provisioning.ts';
import { adminPhoneNumberRoutes } from './routes/admin/phone-numbers.ts';
import { adminSubscriptionRoutes } from './routes/admin/subscription.ts';
import { adminCardProviderRoutes } from './routes/admin/card-provider.ts';
import { adminUsageRoutes } from './routes/admin/usage.ts';
import { billingEmulatorRoutes } from './routes/emulator-billing.ts';
import { ensureBillingSeed } from './billing/seed.ts';
import { adminWebhooksRoutes } from './routes/admin/webhooks.ts';
import { addEventSink } from './events/emit.ts';
import { WebhookDispatcher } from './webhooks/dispatcher.ts';
import { webhooksSink } from './webhooks/sink.ts';
import { webhookEmulatorRoutes } from './routes/emulator-webhooks.ts';
import { adminConnectivityRoutes } from './routes/admin/connectivity.ts';
import { channelsSink } from './channels.ts';
import { notificationsSink } from './notifications.ts';
import { ensureReportSeed } from './reports.ts';
import { adminReportRoutes } from './routes/admin/reports.ts';
import { adminNotificationRoutes, notificationEmulatorRoutes } from './routes/admin/notifications.ts';
// new:section route-imports (npm run new:section adds a section's route module above this line)
import { scimRoutes } from './routes/scim.ts';

export const API_PREFIX = '/frontegg';
export { DEFAULT_CORS_ORIGINS, DEFAULT_DATA_DIR, DEFAULT_ISSUER, DEFAULT_PORT };

export const CORS_ALLOW_HEADERS = [
  'authorization',
  'content-type',
  'frontegg-source',
  'frontegg-scoped-tenant',
  'frontegg-login-alias',
  'frontegg-requested-application-id',
  'x-frontegg-sdk',
  'x-frontegg-framework',
];

export interface EmulatorOptions {
  /** PGlite data directory, or `memory://`. Default `<repo>/.data/emulator`. Ignored when `databaseUrl` is set. */
  dataDir?: string;
  /** A Postgres connection URL (node-postgres). */
  databaseUrl?: string;
  /** The origin the emulator is reached at; used as the token issuer. Default `http://127.0.0.1:8787`. */
  publicOrigin?: string;
  /** Origins allowed to call with credentials. Default the demo origins on port 5173. */
  corsOrigins?: string[];
  /** Access-token lifetime in seconds written by the seed (default 300). */
  accessTokenExpiresIn?: number;
  /** A host's seed file (src/seed-file.ts), written over the base seed at start and after every reset. With it, the database is reset at start. */
  seedFile?: SeedFile;
  /** The instant (ms since the epoch) the emulator clock reads at start and after every reset; it runs on from there. Default: real time. */
  startAt?: number;
  /** With `startAt`: the clock stays at that instant until a test moves it (`PUT /_emulator/clock`). */
  frozen?: boolean;
  /** Resolvers (`host:port`) of the SSO domain check (sso/dns.ts); empty or absent: the system's. */
  dnsServers?: string[];
  /** `--allow-private-network`: the emulator's own requests (metadata URL, OIDC) may reach private ranges (http/outbound.ts). Default false. */
  allowPrivateNetwork?: boolean;
  /** Tests: resolves host names for the emulator's own requests instead of node:dns (http/outbound.ts). */
  resolveHost?: HostResolver;
  /**
   * Proxies whose `X-Forwarded-For` hops are believed (addresses or CIDRs, http/client-ip.ts; issue 29 item 5).
   * Default loopback (127.0.0.0/8, ::1). Throws at start for an entry that is not an address or CIDR.
   */
  trustedProxies?: string[];
}

export interface EmulatorSeedInfo {
  vendorId: string;
  clientId: string;
  tenantId: string;
  admin: { email: string; password: string; userId: string };
}

export interface Emulator {
  app: Hono<AppEnv>;
  fetch: (request: Request) => Promise<Response>;
  /** Restores the seeded state (keeps the signing key). */
  reset(): Promise<void>;
  /** Closes the database. */
  close(): Promise<void>;
  seed: EmulatorSeedInfo;
  /** The token issuer (`iss`) and the JWKS-verifiable audience (`aud` = clientId). */
  issuer: string;
  /** Direct database access, for tests. */
  db: Db;
}

/** Internal: makes a thrown error roll back the transaction of a request whose handler already answered. */
class Rollback extends Error {}

export async function createEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const database = await openDatabase({ dataDir: options.dataDir ?? DEFAULT_DATA_DIR, databaseUrl: options.databaseUrl, migratedTemplate: true });
  const rootDb = database.db;
  // the clock at start and after a reset; set before seeding, so the seed's timestamps read it too
  const startClock: ClockChange | undefined = options.startAt === undefined ? undefined : { now: options.startAt, frozen: options.frozen ?? false };
  try {
    await runMigrations(database.exec);
    if (startClock) await setClock(rootDb, startClock);
    const [existing] = await rootDb.select({ id: vendors.id }).from(vendors).where(eq(vendors.id, SEED.vendorId));
    if (!existing) await rootDb.transaction(async (tx) => seed(tx as unknown as Db, { accessTokenExpiresIn: options.accessTokenExpiresIn }));
    // the billing seed and every account's subscription, also for a data directory made before billing existed
    await rootDb.transaction(async (tx) => ensureBillingSeed(tx as unknown as Db, SEED.vendorId));
    // the report templates (reports.ts), also for a data directory made before reports existed
    await rootDb.transaction(async (tx) => ensureReportSeed(tx as unknown as Db, SEED.vendorId));
  } catch (e) {
    await database.close();
    throw e;
  }
  // the email and SMS subscriptions' sink (channels.ts): events of their accounts land in the outbox
  addEventSink(channelsSink);
  // the notifications a user joining an account gives its administrators (notifications.ts)
  addEventSink(notificationsSink);
  const key = await loadOrCreateSigningKey(rootDb);
  const issuer = (options.publicOrigin ?? DEFAULT_ISSUER).replace(/\/+$/, '');
  const corsOrigins = options.corsOrigins ?? DEFAULT_CORS_ORIGINS;

  const faults = new FaultSwitches();
  const restore = async (db: Db) => {
    await resetDatabase(db, { accessTokenExpiresIn: options.accessTokenExpiresIn, clock: startClock });
    if (options.seedFile) await applySeedFile(db, options.seedFile, issuer);
    faults.clear();
    forgetRestrictions(rootDb);
  };
  // the cached IP rules of every account go with the state they were read from (restrictions.ts)
  const reset = () => rootDb.transaction(async (tx) => restore(tx as unknown as Db)).finally(() => forgetRestrictions(rootDb));
  try {
    if (options.seedFile) await reset();
  } catch (e) {
    await database.close();
    throw e;
  }
  // webhooks (issue 33): the sink queues a delivery per matching webhook; the dispatcher makes them on the clock
  addEventSink(webhooksSink);
  const outbound = { allowPrivateNetwork: options.allowPrivateNetwork ?? false, resolve: options.resolveHost };
  const webhooks = new WebhookDispatcher(rootDb, outbound);
  const rt: EmulatorRuntime = {
    rootDb,
    key,
    issuer,
    vendorId: SEED.vendorId,
    clientId: SEED.clientId,
    corsOrigins,
    accessTokenExpiresIn: options.accessTokenExpiresIn,
    // no delivery writes its outcome while the tables are truncated (dispatcher.ts `paused`)
    reset: () => webhooks.paused(reset),
    restore: (db: Db) => webhooks.paused(() => restore(db)),
    faults,
    dnsServers: options.dnsServers ?? [],
    outbound,
    trustedProxies: compileTrustedProxies(options.trustedProxies ? parseTrustedProxies(options.trustedProxies.join(',')) : DEFAULT_TRUSTED_PROXIES),
    // every signed-in request: the account's IP restrictions (a route opts out with ip-enforcement.ts `anyAddress`)
    afterAuth: [enforceIpRestrictions],
    webhooks,
  };

  const app = new Hono<AppEnv>();

  // Every response carries a trace id, including errors, 404s and preflights.
  app.use('*', async (c, next) => {
    const id = traceId();
    c.set('traceId', id);
    await next();
    try {
      c.res.headers.set('frontegg-trace-id', id);
    } catch {
      c.res = new Response(c.res.body, c.res);
      c.res.headers.set('frontegg-trace-id', id);
    }
  });

  app.use(
    '*',
    cors({
      origin: (origin) => (corsOrigins.includes(origin) ? origin : null),
      credentials: true,
      allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      allowHeaders: CORS_ALLOW_HEADERS,
      exposeHeaders: ['frontegg-trace-id'],
      maxAge: 600,
    }),
  );

  app.use('*', async (c, next) => {
    c.set('rt', rt);
    c.set('db', rootDb);
    await next();
  });

  // fault switches (PUT /_emulator/faults): before the routes and their transaction, after CORS
  app.use('*', faultMiddleware());

  // outside the transaction: an account whose IP rules the request changed is read afresh once it has ended
  app.use('*', settleRestrictionCache);

  // the clock moved (committed): the webhook deliveries due by the new time are made before the answer
  app.use('/_emulator/clock', async (c, next) => {
    await next();
    if (c.req.method === 'PUT' && c.res.status === 200) await webhooks.run();
  });

  // Mutating requests run in one transaction. A thrown error (already turned
  // into an error answer by onError) rolls it back and drops any Set-Cookie;
  // an error answer the handler *returns* (e.g. a counted failed login) commits.
  app.use('*', async (c, next) => {
    if (['GET', 'HEAD', 'OPTIONS'].includes(c.req.method)) return next();
    // writing nothing, they need no transaction: the webhooks' test receivers (they answer the emulator's own
    // requests, routes/emulator-webhooks.ts), and a webhook's test call (up to 15 s out: it holds no database meanwhile)
    if (c.req.path.startsWith('/_emulator/receivers/') || c.req.path === `${API_PREFIX}/webhook/test`) return next();
    try {
      await rootDb.transaction(async (tx) => {
        c.set('db', tx as unknown as Db);
        await next();
        if (c.error) throw new Rollback();
      });
    } catch (e) {
      if (!(e instanceof Rollback)) throw e;
      c.res.headers.delete('set-cookie');
      // a refusal's audit row stays on record (src/audit.ts `durable`)
      await keepDurableAudits(c, rootDb);
    } finally {
      c.set('db', rootDb);
    }
  });

  app.route(API_PREFIX, authRoutes);
  app.route(API_PREFIX, mfaRoutes);
  app.route(API_PREFIX, mfaMethodRoutes);
  app.route(API_PREFIX, userMfaRoutes);
  app.route(API_PREFIX, userRoutes);
  app.route(API_PREFIX, passwordRoutes);
  app.route(API_PREFIX, configRoutes);
  // before metadataRoutes: it answers `GET /metadata?entityName=audits` and passes every other entity on
  app.route(API_PREFIX, adminAuditRoutes);
  app.route(API_PREFIX, metadataRoutes);
  app.route(API_PREFIX, entitlementRoutes);
  app.route(API_PREFIX, stepUpRoutes);
  app.route(API_PREFIX, lifecycleRoutes);
  app.route(API_PREFIX, invitationRoutes);
  app.route(API_PREFIX, tenantRoutes);
  app.route(API_PREFIX, adminRoleRoutes);
  app.route(API_PREFIX, adminGroupRoutes);
  app.route(API_PREFIX, adminUserRoutes);
  app.route(API_PREFIX, adminInvitationRoutes);
  app.route(API_PREFIX, adminTokenRoutes);
  app.route(API_PREFIX, adminSessionRoutes);
  app.route(API_PREFIX, sessionPolicyRoutes);
  app.route(API_PREFIX, adminAccountRoutes);
  app.route(API_PREFIX, adminProfileRoutes);
  app.route(API_PREFIX, adminHierarchyRoutes);
  app.route(API_PREFIX, adminRestrictionRoutes);
  app.route(API_PREFIX, adminSecurityRoutes);
  app.route(API_PREFIX, adminSsoRoutes);
  app.route(API_PREFIX, adminProvisioningRoutes);
  app.route(API_PREFIX, adminPhoneNumberRoutes);
  app.route(API_PREFIX, adminSubscriptionRoutes);
  app.route(API_PREFIX, adminCardProviderRoutes);
  app.route(API_PREFIX, adminUsageRoutes);
  app.route(API_PREFIX, adminWebhooksRoutes);
  app.route(API_PREFIX, adminConnectivityRoutes);
  app.route(API_PREFIX, adminNotificationRoutes);
  app.route(API_PREFIX, adminReportRoutes);
  // new:section route-mounts (npm run new:section mounts a section's route module above this line)
  // the SCIM 2.0 endpoint of each provisioning connection, `/frontegg/scim/v2/{connectionId}` (full paths in the module)
  app.route('/', scimRoutes);
  mountOAuth(app, API_PREFIX);
  mountAuthorize(app, API_PREFIX);
  mountPasskeys(app, API_PREFIX);
  mountPasswordless(app, API_PREFIX);
  mountFederation(app, API_PREFIX);
  app.route(API_PREFIX, jwksRoutes);
  app.route('/', jwksRoutes);
  app.route('/_emulator', outboxRoutes);
  app.route('/_emulator', emulatorRoutes);
  app.route('/_emulator', faultRoutes);
  app.route('/_emulator', lifecycleEmulatorRoutes);
  app.route('/_emulator', entitlementEmulatorRoutes);
  app.route('/_emulator', stepUpEmulatorRoutes);
  app.route('/_emulator', clockEmulatorRoutes);
  app.route('/_emulator', adminUserEmulatorRoutes);
  app.route('/_emulator', adminAuditEmulatorRoutes);
  app.route('/_emulator', mfaMethodEmulatorRoutes);
  app.route('/_emulator', billingEmulatorRoutes);
  app.route('/_emulator', webhookEmulatorRoutes);
  app.route('/_emulator', notificationEmulatorRoutes);

  app.notFound((c) => c.json(errorBody(`Cannot ${c.req.method} ${new URL(c.req.url).pathname}`, 'ER-NOT-FOUND'), 404));
  webhooks.start();

  app.onError((err, c) => {
    if (err instanceof HttpError) {
      return c.json({ errors: err.errors, ...(err.errorCode ? { errorCode: err.errorCode } : {}), ...(err.context ? { context: err.context } : {}) }, err.status);
    }
    console.error(`[emulator] ${c.req.method} ${c.req.path} failed (trace ${c.var.traceId}):`, err);
    return c.json(errorBody('Internal server error', 'ER-INTERNAL'), 500);
  });

  return {
    app,
    fetch: async (request) => app.fetch(request),
    reset: rt.reset,
    close: async () => {
      await webhooks.close();
      await database.close();
    },
    seed: {
      vendorId: SEED.vendorId,
      clientId: SEED.clientId,
      tenantId: SEED.tenantId,
      admin: { email: SEED.adminEmail, password: SEED.adminPassword, userId: SEED.adminUserId },
    },
    issuer,
    db: rootDb,
  };
}
