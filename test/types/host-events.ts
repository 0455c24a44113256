/**
 * A host's code, type-checked against the library's public event map
 * (test/node/events-types.test.ts: `tsc -p test/types/tsconfig.json`).
 * Every line marked `@ts-expect-error` MUST be an error: a misspelled
 * `detail` field does not type-check. Nothing here runs.
 */
export {};

document.addEventListener('fe-login', (e) => {
  const email: string | undefined = e.detail.user.email;
  const restored: boolean = e.detail.restored;
  void [email, restored];
  // @ts-expect-error fe-login: misspelled detail field
  void e.detail.usr;
});

document.addEventListener('fe-navigate', (e) => {
  const url: string = e.detail.url;
  e.preventDefault();
  void url;
  // @ts-expect-error fe-navigate: misspelled detail field
  void e.detail.uri;
});

document.addEventListener('fe-error', (e) => {
  const message: string = e.detail.message;
  const status: number | undefined = e.detail.statusCode;
  void [message, status];
  // @ts-expect-error fe-error: misspelled detail field
  void e.detail.mesage;
});

document.addEventListener('fe-tenant-change', (e) => {
  const tenantId: string = e.detail.tenantId;
  void tenantId;
  // @ts-expect-error fe-tenant-change: misspelled detail field
  void e.detail.tenantID;
});

// on an element too (HTMLElementEventMap extends the global map)
document.body.addEventListener('fe-session-change', (e) => {
  const signedIn: boolean = e.detail.isAuthenticated;
  void signedIn;
  // @ts-expect-error fe-session-change: misspelled detail field
  void e.detail.isAuthed;
});

// stepUpFetch's events (RFC 9470 step-up from the host's API), on <fe-app> and bubbling to the document
document.addEventListener('fe-step-up-required', (e) => {
  const maxAge: number | undefined = e.detail.challenge.maxAge;
  const acrValues: string[] = e.detail.challenge.acrValues;
  const method: string = e.detail.method;
  e.preventDefault();
  void [maxAge, acrValues, method];
  // @ts-expect-error fe-step-up-required: misspelled detail field
  void e.detail.chalenge;
});

document.addEventListener('fe-step-up-completed', (e) => {
  const steppedUp: boolean = e.detail.steppedUp;
  const reason: 'cancelled' | 'failed' | 'redirected' | undefined = e.detail.reason;
  void [steppedUp, reason];
  // @ts-expect-error fe-step-up-completed: misspelled detail field
  void e.detail.stepedUp;
});
