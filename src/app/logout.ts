import { defaultApp, type FeApp } from './app.ts';

/**
 * Signs the user out from host code (sign-in §7 "Logout sends the browser to
 * the account logout path", SI-7.58): sends the browser to the app's logout
 * route (default `/account/logout`, option `routes.logoutUrl`), where
 * `<fe-routes>` ends the session (hosted logout in hosted-login mode) and goes
 * on to the login route after 500 ms. For a sign-out without leaving the
 * page, call `app.logout()` instead.
 *
 * @param app the app (default: the newest one on the page).
 * @returns the logout URL the browser was sent to (absolute).
 * @throws Error when no app exists yet.
 */
export function logout(app: FeApp = defaultApp()): string {
  const url = new URL(app.routes.logoutUrl, location.href).href;
  app.navigate(url);
  return url;
}
