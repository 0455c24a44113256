/** Hono environment: per-request variables shared by all route modules. */
import type { MiddlewareHandler } from 'hono';
import type ipaddr from 'ipaddr.js';
import type { Db } from '../db/client.ts';
import type { SigningKey } from '../crypto/keys.ts';
import type { AccessClaims } from '../crypto/jwt.ts';
import type { FaultSwitches } from './fault-switches.ts';
import type { OutboundPolicy } from './outbound.ts';

/** A trusted proxy range (http/client-ip.ts): an address and its prefix length (a single address is a /32 or /128). */
export type IpRange = [ipaddr.IPv4 | ipaddr.IPv6, number];

export interface EmulatorRuntime {
  /** The non-transactional database handle. Route code uses `c.var.db`, never this. */
  rootDb: Db;
  key: SigningKey;
  issuer: string;
  vendorId: string;
  clientId: string;
  /** Origins allowed by CORS (also trusted as the host page origin for emailed links). */
  corsOrigins: string[];
  /** Default access-token lifetime in seconds when the vendor row does not override it. */
  accessTokenExpiresIn?: number;
  reset(): Promise<void>;
  /** Restores the start state in `db` (a transaction): the base seed, the host's seed file, the start clock; clears the fault switches. */
  restore(db: Db): Promise<void>;
  /** The fault switches (`/_emulator/faults`, http/faults.ts). */
  faults: FaultSwitches;
  /** Resolvers (`host:port`) the SSO domain check asks (sso/dns.ts); empty: the system's. */
  dnsServers: string[];
  /** Where the emulator's own requests may connect (http/outbound.ts; `--allow-private-network`). */
  outbound: OutboundPolicy;
  /** The proxies whose `X-Forwarded-For` hops are believed (http/client-ip.ts; issue 29 item 5); loopback when unset. */
  trustedProxies?: readonly IpRange[];
  /**
   * Middleware run by `requireAuth` (http/auth.ts) once the access token is verified, in order, before the route
   * (app.ts: the IP restrictions, src/ip-enforcement.ts). Each passes on with `next()` or refuses by throwing an
   * HttpError (an answer it returns instead is not sent). None when absent.
   */
  afterAuth?: readonly MiddlewareHandler<AppEnv>[];
  /**
   * The webhooks' dispatcher (src/webhooks/dispatcher.ts): `kick(delayMs)` asks for a run of the due deliveries
   * shortly (after the request's transaction commits), `run()` makes one and resolves when done.
   */
  webhooks?: { kick(delayMs?: number): void; run(): Promise<void> };
}

export interface AppEnv {
  Variables: {
    /** The database for this request: a transaction for mutating methods. */
    db: Db;
    rt: EmulatorRuntime;
    traceId: string;
    auth: AccessClaims;
  };
}
