/**
 * A local authoritative DNS server for tests (dns2, UDP on 127.0.0.1): it answers TXT queries from records the
 * test publishes with `setTxt`, and NXDOMAIN for every other name (or type). The emulator's SSO domain check
 * (`--dns-servers` / `FE_EMULATOR_DNS_SERVERS`, emulator/src/sso/dns.ts) resolves against it, so a test proves
 * a domain the way an administrator would: by publishing the TXT record the portal shows.
 *
 * @example
 * const dns = await startDnsServer();
 * // start the emulator with --dns-servers dns.address …
 * dns.setTxt('corp.test', ['fe-verification=…']);
 * // …; then: await dns.close();
 */
import dns2 from 'dns2';

const { Packet } = dns2;

/** A domain name as a key: lowercase, no trailing dot. */
const key = (name) => String(name).trim().toLowerCase().replace(/\.+$/, '');

/**
 * Starts the server on 127.0.0.1 (`port` 0 or absent: a free port).
 * @param {{ port?: number }} [opts]
 * @returns {Promise<{ address: string, port: number, setTxt(name: string, values: string[]): void, clear(): void, close(): Promise<void> }>}
 *   `address` is `127.0.0.1:<port>` (the form `--dns-servers` takes); `setTxt` replaces the name's TXT records
 *   (`[]` removes them); `clear` removes every record.
 */
export async function startDnsServer({ port = 0 } = {}) {
  /** @type {Map<string, string[]>} */
  const txt = new Map();
  const server = dns2.createUDPServer((request, send) => {
    const response = Packet.createResponseFromRequest(request);
    response.header.aa = 1;
    const [question] = request.questions;
    const values = question && question.type === Packet.TYPE.TXT ? txt.get(key(question.name)) : undefined;
    if (values?.length) {
      for (const value of values) response.answers.push({ name: question.name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 1, data: value });
    } else if (!question || !txt.has(key(question.name))) {
      response.header.rcode = Packet.RCODE.NXDOMAIN;
    }
    void send(response).catch(() => undefined);
  });
  server.on('requestError', () => undefined);
  await server.listen(port, '127.0.0.1');
  const bound = server.address().port;
  return {
    address: `127.0.0.1:${bound}`,
    port: bound,
    setTxt(name, values) {
      if (values.length) txt.set(key(name), [...values]);
      else txt.delete(key(name));
    },
    clear: () => txt.clear(),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
