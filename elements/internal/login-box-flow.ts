/**
 * The parts of `<fe-login-box>` (elements/fe-login-box.ts): machine, actors,
 * input, view and CSS. A module of its own without side
 * effects, so it sits in the first-input chunk beside the login machine and
 * view (vite.config.ts `CORE`); stories and tests render its view on a
 * machine snapshot.
 */
import { loginActors } from '../../machines/login.actors.ts';
import { loginMachine } from '../../machines/login.machine.ts';
import { LoginView } from '../../src/views/login/LoginBox.tsx';
import shadowCss from '../../src/views/shared/card.css.ts?inline';
import lightCss from '../../src/views/shared/form.css.ts?inline';
import type { FlowDefinition } from './flow-element.tsx';

/** Attributes of `<fe-login-box>`. */
export interface LoginBoxProps {
  /** Where to go after sign-in; defaults to the page's `redirectUrl` query parameter. */
  redirectUrl?: string;
  /** Pre-filled email. */
  email?: string;
  /** On a callback route (set by <fe-routes>): progress instead of the sign-in form until the callback is found. */
  callbackPage?: boolean;
}

/** The flow's parts (stories and tests render its view on a machine snapshot). */
export const loginBoxFlow: FlowDefinition<typeof loginMachine, LoginBoxProps> = {
  machine: loginMachine,
  actors: loginActors,
  input: ({ redirectUrl, email, callbackPage }) => ({ email, callbackPage, redirectUrl: redirectUrl ?? new URLSearchParams(location.search).get('redirectUrl') }),
  view: LoginView,
  props: { redirectUrl: 'string', email: 'string', callbackPage: 'boolean' },
  css: shadowCss,
  lightCss,
};
