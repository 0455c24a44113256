// The demo host's script (served by server.mjs as /demo.js: the page's CSP allows no inline script).
// The host knows nothing about React or the stores: it listens to DOM events.
const app = document.querySelector('fe-app');
const routes = document.querySelector('fe-routes');
const panel = document.getElementById('signed-in');
const admin = document.getElementById('admin');
const restoring = document.getElementById('restoring');
let user = null;
// the session is known once <fe-app> has restored it (or found none): until then / and /admin show a skeleton
let known = false;
const go = (path) => {
  history.pushState(null, '', path);
  dispatchEvent(new PopStateEvent('popstate')); // <fe-routes> follows the URL
  render();
};
const render = () => {
  const home = location.pathname === '/';
  const portal = location.pathname === '/admin';
  document.getElementById('signed-in-email').textContent = user?.email ?? '';
  document.getElementById('who').textContent = user ? user.email : '';
  panel.hidden = !(user && home);
  admin.hidden = !(user && portal);
  routes.hidden = home || portal;
  restoring.hidden = known || !(home || portal);
};
render();

const LOOPBACK_V4 = /^127(\.\d{1,3}){3}$/;
/**
 * Whether the page may leave for `url` (another origin, e.g. an SSO identity provider): `https:`, or
 * `http:` on a loopback host (local identity providers). Never `javascript:`, `data:`, `vbscript:` …
 */
export function mayLeaveFor(url) {
  if (url.protocol === 'https:') return true;
  if (url.protocol !== 'http:') return false;
  const host = url.hostname; // normalised by URL: 127.1 → 127.0.0.1, [::1] keeps its brackets
  return host === 'localhost' || host === '[::1]' || LOOPBACK_V4.test(host);
}

document.addEventListener('fe-login', (e) => {
  user = e.detail.user;
  known = true;
  // a sign-in in an account page: that page navigates next (fe-navigate: the login's redirectUrl, else home)
  if (!e.detail.restored) return render();
  // a session restored on the step-up page (stepUp() loads it) stays there: <fe-step-up> needs it; on the OIDC
  // callback the login box finishes what came back — an administrator's SSO test sign-in opens it in a window of the
  // signed-in portal (issue 31 item 5)
  if (['/account/step-up', '/admin', '/account/oidc/callback'].includes(location.pathname)) return render();
  go('/');
});
document.addEventListener('fe-logout', () => {
  user = null;
  go('/account/login');
});
// signed out on the home page or the portal: the login page
document.addEventListener('fe-session-change', (e) => {
  known = true;
  render();
  if (!e.detail.isAuthenticated && (location.pathname === '/' || location.pathname === '/admin')) go('/account/login');
});
// the page's own links (home ⇄ portal) without a reload
for (const link of [document.getElementById('admin-link'), document.getElementById('home-link')]) {
  link.addEventListener('click', (e) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    go(new URL(link.href).pathname);
  });
}
// navigation the account pages do not handle themselves (e.g. after sign-in): stay on this page,
// unless it goes to another origin over http(s)
document.addEventListener('fe-navigate', (e) => {
  if (e.defaultPrevented) return; // <fe-routes> switched pages itself
  e.preventDefault();
  let url;
  try {
    url = new URL(String(e.detail?.url), location.href);
  } catch {
    console.warn('fe-navigate: not a URL, ignored', e.detail?.url);
    return;
  }
  // the hash too: a sign-in after an idle or policy sign-out returns to the portal's place (#/admin/security/…)
  if (url.origin === location.origin && (url.protocol === 'http:' || url.protocol === 'https:')) go(url.pathname + url.search + url.hash);
  else if (mayLeaveFor(url))
    location.assign(url.href); // another origin (an SSO identity provider): leave the page
  else console.warn('fe-navigate: refusing to leave the page for', url.protocol, 'URL');
});
addEventListener('popstate', render);
document.getElementById('sign-out').addEventListener('click', () => app.logout());
render();
