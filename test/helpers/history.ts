/** History steps for browser tests that stay on the test page (see {@link traverse}). */
/**
 * History's Back (`step` -1) or Forward (+1) within this test page only: the entry it goes to must be of this
 * document (the Navigation API's `sameDocument`), else the test fails here with what the history holds. A Back that
 * left the page reloaded an earlier file's session URL in a full run and the runner waited on it for good (CI hung
 * 30 minutes in the browser step); failing the test instead lets the runner's retry of the file take over.
 */
export function traverse(step: -1 | 1): void {
  const nav = (globalThis as unknown as { navigation: { currentEntry: { index: number }; entries(): { index: number; sameDocument: boolean; url: string }[] } }).navigation;
  const entries = nav.entries();
  const to = entries.find((e) => e.index === nav.currentEntry.index + step);
  if (!to?.sameDocument) {
    throw new Error(
      `${step < 0 ? 'Back' : 'Forward'} would leave the test page (entry ${nav.currentEntry.index} of ${entries.length}: ${entries.map((e) => e.url.replace(/^.*?(#|\?wtr)/, '$1')).join(' | ')})`,
    );
  }
  if (step < 0) history.back();
  else history.forward();
}
