import { acceptInvitationActors } from '../machines/accept-invitation.actors.ts';
import { acceptInvitationMachine } from '../machines/accept-invitation.machine.ts';
import { addMessages } from '../src/i18n/index.ts';
import { enAcceptInvitation } from '../src/i18n/en-accept-invitation.ts';
import { enPassword } from '../src/i18n/en-password.ts';
import { AcceptInvitationView } from '../src/views/accept-invitation/AcceptInvitationView.tsx';
import shadowCss from '../src/views/shared/card.css.ts?inline';
import lightCss from '../src/views/shared/form.css.ts?inline';
import { FeInvitationAcceptEvent } from '../src/events/index.ts';
import { flowElement, type FlowDefinition } from './internal/flow-element.tsx';
import { defineElement } from './internal/react-element.ts';
import './fe-app.ts';

addMessages('en', enAcceptInvitation);
addMessages('en', enPassword);

/** Attributes of `<fe-accept-invitation>`. */
export interface AcceptInvitationProps {
  /** `code` for `/account/invitation/code` (the emailed 6-digit code), `link` for the link; default `code` on the app's acceptInvitationWithOTCUrl page, else `link`. */
  mode?: string;
  userId?: string;
  token?: string;
  redirectUrl?: string;
}

/** The flow's parts (stories and tests render its view on a machine snapshot). */
export const acceptInvitationFlow: FlowDefinition<typeof acceptInvitationMachine, AcceptInvitationProps> = {
  machine: acceptInvitationMachine,
  actors: acceptInvitationActors,
  input: ({ mode, userId, token, redirectUrl }, app) => {
    const query = new URLSearchParams(location.search);
    // without the attribute (e.g. rendered by <fe-routes>), the page decides
    const flowMode = mode === 'code' || mode === 'link' ? mode : location.pathname === app.routes.acceptInvitationWithOTCUrl ? 'code' : 'link';
    return {
      mode: flowMode,
      userId: userId ?? query.get('userId'),
      token: token ?? query.get('token'),
      code: flowMode === 'code' ? query.get('code') : null,
      redirectUrl: redirectUrl ?? query.get('redirectUrl'),
    };
  },
  view: AcceptInvitationView,
  props: { mode: 'string', userId: 'string', token: 'string', redirectUrl: 'string' },
  css: shadowCss,
  lightCss,
  outcomes: (e) => (e.type === 'invitationAccept' ? new FeInvitationAcceptEvent(e.detail) : null),
};

/**
 * Accept an invitation (sign-in §2 `/account/invitation/accept?userId&token`
 * and, with `mode="code"`, `/account/invitation/code?userId&token` plus the
 * emailed 6-digit code; §4 validate → pending → success or failed). A link
 * without userId or token is invalid; a wrong code asks again; an invitation
 * that cannot be verified reads "We couldn't verify your invitation"; a
 * locked tenant shows the server's message. When the invitee has no password
 * yet it asks for one (the vendor's password rules), signs in (`fe-login`)
 * and after 1000 ms goes to redirectUrl or the authenticated URL; otherwise
 * it offers "Sign in". Must sit inside `<fe-app>`.
 *
 * @tag fe-accept-invitation
 * @summary Accept an emailed invitation, by link or by code.
 *
 * @attr {"link" | "code"} mode - `code` for the one-time-code page, `link` for the link page; default `code` when the page is the app's `acceptInvitationWithOTCUrl` (`/account/invitation/code`), else `link`.
 * @attr {string} user-id - Default the page's `userId` query parameter.
 * @attr {string} token - Default the page's `token` query parameter.
 * @attr {string} redirect-url - Where to go once signed in; default the page's `redirectUrl` query parameter, else the authenticated URL.
 *
 * @fires {FeInvitationAcceptEvent} fe-invitation-accept - When the invitation was accepted (`detail: { userId, tenantId?, tenantName?, shouldSetPassword }`).
 * @fires {FeLoginEvent} fe-login - When setting the password signed the invitee in (`detail: { user, restored: false }`; no tokens).
 * @fires {FeErrorEvent} fe-error - When accepting or setting the password fails (`detail: { message, statusCode?, traceId? }`); the message is also shown and announced.
 * @fires {FeNavigateEvent} fe-navigate - Before going to sign-in or, once signed in, to the app (`detail: { url }`); cancelable.
 *
 * @slot form - Filled by the element itself.
 * @csspart card - The card.
 * @csspart title - The heading.
 * @csspart error - The error message (an ARIA alert).
 * @cssprop [--fe-color-primary=#4f46e5] - Brand colour of buttons and links.
 *
 * @example
 * <fe-app base-url="https://app.example.com">
 *   <fe-accept-invitation mode="code"></fe-accept-invitation>
 * </fe-app>
 * <script>
 *   document.addEventListener('fe-invitation-accept', (e) => console.log('joined', e.detail.tenantName));
 * </script>
 */
export class FeAcceptInvitationElement extends flowElement(acceptInvitationFlow) {}

defineElement('fe-accept-invitation', FeAcceptInvitationElement);

declare global {
  interface HTMLElementTagNameMap {
    'fe-accept-invitation': FeAcceptInvitationElement;
  }
}
