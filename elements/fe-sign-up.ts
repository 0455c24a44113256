import { signUpActors } from '../machines/sign-up.actors.ts';
import { signUpMachine } from '../machines/sign-up.machine.ts';
import { addMessages } from '../src/i18n/index.ts';
import { enPassword } from '../src/i18n/en-password.ts';
import { enSignUp } from '../src/i18n/en-sign-up.ts';
import shadowCss from '../src/views/shared/card.css.ts?inline';
import lightCss from '../src/views/shared/form.css.ts?inline';
import { SignUpView } from '../src/views/sign-up/SignUpView.tsx';
import { FeSignUpEvent } from '../src/events/index.ts';
import { flowElement, type FlowDefinition } from './internal/flow-element.tsx';
import { defineElement } from './internal/react-element.ts';
import './fe-app.ts';

addMessages('en', enSignUp);
addMessages('en', enPassword);

/** Attributes of `<fe-sign-up>`. */
export interface SignUpProps {
  /** Invitation token; default the page's `invitationToken` query parameter. */
  invitationToken?: string;
}

/** The flow's parts (stories and tests render its view on a machine snapshot). */
export const signUpFlow: FlowDefinition<typeof signUpMachine, SignUpProps> = {
  machine: signUpMachine,
  actors: signUpActors,
  input: ({ invitationToken }, app) => ({
    invitationToken: invitationToken ?? new URLSearchParams(location.search).get('invitationToken'),
    successRoute: app.routes.signUpSuccessUrl ? 'signUpSuccessUrl' : 'authenticatedUrl',
  }),
  view: SignUpView,
  props: { invitationToken: 'string' },
  css: shadowCss,
  lightCss,
  outcomes: (e) => (e.type === 'signUp' ? new FeSignUpEvent(e.detail) : null),
};

/**
 * Sign-up: name, email, company and password (rules from the passwords
 * config) → `POST signUp`. Shown only when the public policy allows
 * sign-ups. A user who must activate gets "check your email"; a user signed
 * in at once goes to `signUpSuccessUrl` (else the authenticated URL) after
 * 200 ms; a sign-up that needs MFA goes to the login route. Must sit inside
 * `<fe-app>`. The form lives in the light DOM (slot `form`) so password
 * managers offer to save the new password.
 *
 * @tag fe-sign-up
 * @summary Create an account.
 *
 * @attr {string} invitation-token - Invitation token; default the page's `invitationToken` query parameter.
 *
 * @fires {FeSignUpEvent} fe-sign-up - After the account was created (`detail: { userId?, tenantId?, shouldActivate }`).
 * @fires {FeLoginEvent} fe-login - When the new user is signed in at once (`detail: { user, restored: false }`, no token).
 * @fires {FeErrorEvent} fe-error - When sign-up fails (`detail: { message, statusCode?, traceId? }`); the message is also shown and announced.
 * @fires {FeNavigateEvent} fe-navigate - Before navigating (to the login route or after sign-up; `detail: { url }`); cancelable.
 *
 * @slot form - Filled by the element itself with the sign-up form.
 *
 * @csspart card - The card.
 * @csspart title - The title.
 * @csspart subtitle - The explanation.
 * @csspart error - The error message (an ARIA alert).
 * @csspart status - Progress text.
 * @csspart footer - The link to sign in.
 *
 * @cssprop [--fe-color-primary=#4f46e5] - Brand colour of buttons and links.
 * @cssprop [--fe-radius=8px] - Corner radius.
 * @cssprop [--fe-font-family=system-ui] - Font family.
 *
 * @example
 * <fe-app base-url="https://app.example.com">
 *   <fe-sign-up></fe-sign-up>
 * </fe-app>
 */
export class FeSignUpElement extends flowElement(signUpFlow) {}

defineElement('fe-sign-up', FeSignUpElement);

declare global {
  interface HTMLElementTagNameMap {
    'fe-sign-up': FeSignUpElement;
  }
}
