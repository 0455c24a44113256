/**
 * `emulate-media-features` for the browser tests: any of Chromium's emulated media features, e.g.
 * `[{ name: 'forced-colors', value: 'active' }]` (`emulateMedia` of @web/test-runner-commands passes only
 * `prefers-color-scheme` and `prefers-reduced-motion` to Puppeteer and drops `forcedColors`). Each call replaces the
 * whole set; `[]` ends the emulation.
 */
export function mediaFeaturesPlugin() {
  return {
    name: 'fe-media-features',
    async executeCommand({ command, payload, session }) {
      if (command !== 'emulate-media-features') return undefined;
      await session.browser.getPage(session.id).emulateMediaFeatures(payload);
      return true;
    },
  };
}
