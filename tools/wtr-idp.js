/**
 * Local identity providers for browser tests (issue 23: configure SSO from a real IdP's metadata URL and issuer):
 * a @web/test-runner plugin whose server commands start the local SAML IdP (tools/idp-saml.js) and OIDC provider
 * (tools/idp-oidc.js) in node, where the emulator reaches them on 127.0.0.1. Every IdP started is closed when the
 * test server stops (or with `idp-stop-all`).
 *
 * - `executeServerCommand('idp-saml-start', { accounts?, sp? })` → `{ metadataUrl, metadata }` (the IdP's metadata
 *   address and XML; `sp` defaults to a placeholder SP: enough to read the IdP's metadata).
 * - `executeServerCommand('idp-oidc-start', { clients?, accounts? })` → `{ issuer }`.
 * - `executeServerCommand('idp-stop-all')` → true.
 */

/** The plugin. */
export function idpWtr() {
  /** @type {{ close(): Promise<void> }[]} */
  const running = [];
  const stopAll = async () => {
    await Promise.all(running.splice(0).map((idp) => idp.close().catch(() => undefined)));
  };
  return {
    name: 'fe-idp',
    async serverStop() {
      await stopAll();
    },
    /** @param {{ command: string, payload?: any }} call */
    async executeCommand({ command, payload }) {
      if (command === 'idp-saml-start') {
        // loaded on first use: the providers' libraries stay out of test runs that need no IdP
        const { startSamlIdp } = await import('./idp-saml.js');
        const idp = await startSamlIdp({ accounts: payload?.accounts ?? [], sp: payload?.sp ?? { entityId: 'urn:fe-elements:test-sp', acsUrl: 'http://127.0.0.1/acs' } });
        running.push(idp);
        return { metadataUrl: `${idp.url}/metadata`, metadata: idp.metadata };
      }
      if (command === 'idp-oidc-start') {
        const { startOidcIdp } = await import('./idp-oidc.js');
        const idp = await startOidcIdp({ clients: payload?.clients ?? [], accounts: payload?.accounts ?? [] });
        running.push(idp);
        return { issuer: idp.issuer };
      }
      if (command === 'idp-stop-all') {
        await stopAll();
        return true;
      }
      return undefined;
    },
  };
}
