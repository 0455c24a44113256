/**
 * `stepUp()` for hosts (sign-in §4 "Step-up"); the rules and the stored flag
 * are in src/auth/step-up.ts.
 */
import { isSteppedUp, setStepUpFlag } from '../auth/step-up.ts';
import { defaultApp } from './app.ts';
import type { FeApp } from './types.ts';

/**
 * Asks for step-up (sign-in §4): when the user is already stepped up for
 * `maxAge` (seconds) it resolves `true` at once. Otherwise the app's session
 * transport steps the user up when it can (hosted login: `acr_values` = the
 * multi-factor policy and `max_age`), else the flag is stored and the browser
 * goes to the step-up route (`/account/step-up?maxAge=…`, with `redirectUrl`
 * = this page), where `<fe-step-up>` runs; it resolves `false`.
 * @throws UnsafeUrlError when the step-up route is not a safe URL (app.navigate).
 */
export async function stepUp(options: { maxAge?: number } = {}, app: FeApp = defaultApp()): Promise<boolean> {
  if (isSteppedUp(app.stores.$session.get().user, options)) return true;
  if (app.transport.stepUp) {
    await app.transport.stepUp(options.maxAge);
    return false;
  }
  setStepUpFlag(options.maxAge);
  const url = new URL(app.routes.stepUpUrl, location.href);
  if (options.maxAge !== undefined) url.searchParams.set('maxAge', String(options.maxAge));
  url.searchParams.set('redirectUrl', location.href);
  app.navigate(url.href);
  return false;
}
