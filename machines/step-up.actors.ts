/**
 * The step-up machine's actors on the app (api-contract B step-up generate,
 * the MFA calls of sign-in; the stored flag of src/auth/step-up.ts). The
 * step-up MFA token and the new session stay here: the MFA child's calls read
 * the token from this closure, and a code that steps the user up stores the
 * session (`app.completeLogin`) and answers only the public user.
 */
import { fromPromise } from 'xstate';
import type { LoginResponse } from '../src/api/types.ts';
import type { FeApp } from '../src/app/types.ts';
import { clearStepUpFlag, isSteppedUp, readStepUpFlag } from '../src/auth/step-up.ts';
import { toPublicUser } from '../src/events/user.ts';
import { mfaActors, mfaEnrolActors } from './mfa.actors.ts';
import { mfaMachine, type RememberDevicePolicy, type SignedIn } from './mfa.machine.ts';
import type { StepUpCheck, StepUpStart } from './step-up.machine.ts';

/** Actors of {@link import('./step-up.machine.ts').stepUpMachine} on `app` (one set per element). */
export function stepUpActors(app: FeApp) {
  /** The MFA token of the step-up in progress. */
  let mfaToken = '';
  const api = () => import('../src/api/mfa.ts').then((m) => m.createMfaApi(app.client));
  async function complete(response: LoginResponse): Promise<SignedIn> {
    const result = await app.completeLogin(response);
    if (!result) throw new Error('');
    return { user: toPublicUser(result.user) };
  }
  return {
    /** Waits for the start-up session (step-up needs it), then reads the stored flag. */
    check: fromPromise<StepUpCheck, { maxAge?: number }>(async ({ input, signal }) => {
      const { $session } = app.stores;
      if ($session.get().isLoading) {
        await new Promise<void>((resolve, reject) => {
          const stop = $session.listen((s) => {
            if (s.isLoading) return;
            stop();
            resolve();
          });
          signal.addEventListener('abort', () => (stop(), reject(signal.reason)), { once: true });
        });
      }
      const flag = readStepUpFlag();
      const maxAge = input.maxAge ?? flag?.maxAge;
      const user = $session.get().user;
      return { flagSet: !!flag, steppedUp: isSteppedUp(user, { maxAge }), maxAge, email: user?.email };
    }),
    generate: fromPromise<StepUpStart, { maxAge?: number }>(async ({ input, signal }) => {
      const session = await (await api()).generateStepUpSession(input, { signal });
      if (session.accessToken) return { kind: 'signedIn', signedIn: await complete(session) };
      mfaToken = session.mfaToken ?? '';
      const devices = session.mfaDevices;
      return { kind: 'mfa', mfa: { step: 'verify', deviceId: devices?.authenticators?.[0]?.id, devices, strategies: session.mfaStrategies } };
    }),
    clearFlag: fromPromise<unknown>(async () => clearStepUpFlag()),
    // the MFA steps of sign-in on the step-up token, without "remember this device": a step-up is a fresh proof
    mfa: mfaMachine.provide({
      actors: {
        ...mfaActors(app, { mfaToken: () => mfaToken, complete }),
        checkRememberDevice: fromPromise<RememberDevicePolicy>(async () => ({ allowed: false, expiresIn: 0 })),
      },
    }),
    // noMFAEnrolledStepUp: the signed-in user enrols an authenticator app
    enrol: mfaMachine.provide({ actors: mfaEnrolActors(app) }),
  };
}
