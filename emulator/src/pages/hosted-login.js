// The emulator's hosted login page (routes/authorize.ts): once signed in, go on to the authorization
// code for the application. The continue URL comes from the page (`<main data-continue-url>`), never
// from inline script (the page's CSP allows none).
const next = document.querySelector('main[data-continue-url]')?.getAttribute('data-continue-url');
let signedIn = false;
document.addEventListener('fe-login', () => {
  if (signedIn || !next) return;
  const url = new URL(next, location.href);
  if (url.origin !== location.origin) return; // only the emulator's own continue endpoint
  signedIn = true;
  location.assign(url.href);
});
// the login box's own navigation (after sign-in, or to pages this hosted login does not have)
document.addEventListener('fe-navigate', (e) => e.preventDefault());
