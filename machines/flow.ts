/**
 * What every flow machine shares: the outcomes it `emit()`s (the element
 * turns each into a typed DOM event — elements/internal/flow-element.ts),
 * where a navigation may go, and the shape of a form step.
 */
import type { FeRoutes } from '../src/app/types.ts';
import type { FeImpersonateDetail, FeInvitationAcceptDetail, FeSignUpDetail, PublicUser } from '../src/events/index.ts';
import type { FlowError } from './errors.ts';

/**
 * Where a flow sends the browser: one of the app's routes (with query
 * parameters), the post-auth destination (`redirectUrl` checked by the app,
 * else the authenticated URL — sign-in §5), or an address from the API (an
 * SSO address; the app's navigation accepts only safe URLs).
 */
export type NavigationTarget = { route: keyof FeRoutes; query?: Record<string, string | undefined> } | { redirectUrl: string | null } | { url: string };

/** The outcomes a flow machine emits; the element fires the DOM event of the same meaning. */
export type FlowEmitted =
  | { type: 'error'; error: FlowError }
  | { type: 'navigate'; to: NavigationTarget }
  | { type: 'login'; user: PublicUser }
  | { type: 'logout' }
  | { type: 'signUp'; detail: FeSignUpDetail }
  | { type: 'stepUp'; user: PublicUser }
  | { type: 'invitationAccept'; detail: FeInvitationAcceptDetail }
  | { type: 'unlock' }
  | { type: 'impersonate'; detail: FeImpersonateDetail };

/** `route.open`: the view asks to go to one of the app's routes ("Back to sign in", "Send a new link"); the machine emits `navigate`. */
export type RouteOpenEvent = { type: 'route.open'; route: keyof FeRoutes };

/** What `setup(…)` returns, as far as {@link formStep} needs it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type MachineSetup = { createStateConfig(config: any): unknown };
/** The state node configuration type of the machine that `S` sets up. */
type StateConfigOf<S extends MachineSetup> = Parameters<S['createStateConfig']>[0];

/**
 * The idle ⇄ submitting shape of a form step: in `idle`, `event` (with
 * `actions`) goes to `submitting`, tagged `busy`, which invokes `invoke.src`
 * with `invoke.input`; `invoke.onDone` as given; a failure goes back to
 * `idle` with the `invoke.onError` actions — or, when `invoke.onErrorExit`
 * is given and its guard holds, to its target with the same actions (e.g. a
 * dead link leaves the form); `guard`, when given, must hold for `event` to
 * submit (e.g. a valid draft). `machineSetup` is the machine's `setup(…)`
 * result (machines/setup.ts), so the node is typed as that machine's:
 * `forgotPassword: formStep(forgotPasswordSetup, 'email.submit', { src: 'sendResetLink', … })`.
 */
export function formStep<S extends MachineSetup>(
  machineSetup: S,
  event: string,
  invoke: { src: string; input?: unknown; onDone: unknown; onError?: unknown; onErrorExit?: { guard: unknown; target: string } },
  actions?: unknown,
  guard?: unknown,
): StateConfigOf<S> & { initial: 'idle'; states: { idle: object; submitting: object } } {
  const { onError, onErrorExit, ...call } = invoke;
  const submit = { target: 'submitting', ...(actions === undefined ? {} : { actions }), ...(guard === undefined ? {} : { guard }) };
  const back = { target: 'idle', actions: onError };
  return machineSetup.createStateConfig({
    initial: 'idle',
    states: {
      idle: { on: { [event]: submit } },
      submitting: { tags: 'busy', invoke: { ...call, onError: onErrorExit ? [{ ...onErrorExit, actions: onError }, back] : back } },
    },
  }) as StateConfigOf<S> & { initial: 'idle'; states: { idle: object; submitting: object } };
}
