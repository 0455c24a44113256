/**
 * The login machine's actors on the app (machines/login.machine.ts). This
 * module is on the first-input path, so it holds only the actors' shells:
 * the calls behind them (./login-more.actors.ts: the API, storage, the
 * session, passkeys, the MFA machine) load on demand — the `start` actor,
 * invoked when the box mounts, loads them while the first step is already
 * usable. Tokens stay in those calls: the machines never see one.
 */
import { fromPromise, type AnyActorLogic, type NonReducibleUnknown, type PromiseActorLogic } from 'xstate';
import type { FeApp } from '../src/app/types.ts';
import type { LoginCallFunctions, LoginCalls } from './login-more.actors.ts';
import type { AfterSignInChildLogic, MfaChildLogic } from './login.machine.ts';

/**
 * A child machine as the login machine runs it (the MFA machine, the steps
 * after sign-in): a logic that forwards every call to the machine once
 * `load` gave it (on demand, actors `loadMfa` / `loadAfterSignIn`, before the
 * step that starts the child).
 */
function lazyChild<L extends AnyActorLogic>(placeholder: L) {
  let loaded: L | undefined;
  const logic = new Proxy(placeholder, {
    get: (target, key) => {
      const value: unknown = Reflect.get(loaded ?? target, key);
      return typeof value === 'function' ? value.bind(loaded ?? target) : value;
    },
  });
  return { logic, load: (l: L) => void (loaded = l) };
}

const fail = (): never => {
  throw new Error('the child machine is not loaded');
};
/** A child's logic until its machine has loaded: any use throws. */
const notLoaded = () => ({ transition: fail, getInitialSnapshot: fail, getPersistedSnapshot: fail });

/** The actors' names: each is the call of the same name (./login-more.actors.ts). */
const CALLS = [
  'start',
  'socialProviders',
  'socialLogin',
  'preLogin',
  'login',
  'passwordlessPreLogin',
  'passwordlessPostLogin',
  'postLogin',
  'recoverMfa',
  'passkeySignIn',
  'passkeyAutofill',
  'logout',
  'loadMfa',
  'loadAfterSignIn',
] as const satisfies readonly (keyof LoginCalls)[];

/** The actor of each call: a promise actor with the call's input and output. */
type CallActors = { [K in (typeof CALLS)[number]]: PromiseActorLogic<LoginCalls[K][1], LoginCalls[K][0] extends void ? NonReducibleUnknown : LoginCalls[K][0]> };

/** Actors of {@link import('./login.machine.ts').loginMachine} on `app` (one set per login box). */
export function loginActors(app: FeApp): CallActors & { mfa: MfaChildLogic; afterSignIn: AfterSignInChildLogic } {
  const mfa = lazyChild<MfaChildLogic>(notLoaded());
  const afterSignIn = lazyChild<AfterSignInChildLogic>(notLoaded());
  let calls: Promise<LoginCallFunctions> | undefined;
  /** The actor of one call of ./login-more.actors.ts (loaded on first use). */
  const call = <K extends keyof LoginCalls>(name: K) =>
    fromPromise<LoginCalls[K][1], LoginCalls[K][0]>(async ({ input, signal }) => {
      const all: LoginCallFunctions = await (calls ??= import('./login-more.actors.ts').then((m) => m.loginCalls(app, { mfa: mfa.load, afterSignIn: afterSignIn.load })));
      const run: LoginCallFunctions[K] = all[name];
      return run(input, signal);
    });
  const actors: Partial<CallActors> = {};
  for (const name of CALLS) Object.assign(actors, { [name]: call(name) });
  return { ...(actors as CallActors), mfa: mfa.logic, afterSignIn: afterSignIn.logic };
}
