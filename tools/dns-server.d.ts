/** A local DNS server for tests (tools/dns-server.js): TXT records set by the test, NXDOMAIN otherwise. */
export interface DnsServer {
  /** `127.0.0.1:<port>`: the form `--dns-servers` and `FE_EMULATOR_DNS_SERVERS` take. */
  address: string;
  port: number;
  /** Replaces the TXT records of `name` (`[]` removes them). */
  setTxt(name: string, values: string[]): void;
  /** Removes every record. */
  clear(): void;
  close(): Promise<void>;
}
export function startDnsServer(opts?: { port?: number }): Promise<DnsServer>;
