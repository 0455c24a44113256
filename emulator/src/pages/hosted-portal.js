// The emulator's hosted admin portal page (routes/authorize.ts, sign-in §2 SI-2.27 `/oauth/portal`): signed in, the
// portal; signed out, the login box in its place. No inline script (the page's CSP allows none).
const box = document.querySelector('fe-login-box');
const portal = document.querySelector('fe-admin-portal');
document.addEventListener('fe-session-change', (e) => {
  const signedIn = Boolean(e.detail?.isAuthenticated);
  portal.hidden = !signedIn;
  box.hidden = signedIn;
});
// the login box's own navigation (after sign-in): stay on the portal page
document.addEventListener('fe-navigate', (e) => e.preventDefault());
