/**
 * Every state story of the admin dialogs (stories/admin-*.stories.ts with `parameters.flow`: the dialog's flow
 * started in a machine state, stories/support/admin-story.tsx), as the stories render it — preview mode, canned data,
 * no network — shows its state and has no axe violations, in the light and the dark scheme.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { enAdminPrivacy } from '../../src/admin/privacy/messages/en.ts';
import { enAdminProfile } from '../../src/admin/profile/messages/en.ts';
import { enAdminProvisioning } from '../../src/admin/provisioning/messages/en.ts';
import { enAdminRoles } from '../../src/admin/roles/messages/en.ts';
import { enAdminSso } from '../../src/admin/sso/messages/en.ts';
import { enAdminTokens } from '../../src/admin/api-tokens/messages/en.ts';
import { enAdminUsers } from '../../src/admin/users/messages/en.ts';
import { enAdmin } from '../../src/i18n/en-admin.ts';
import { format } from '../../src/i18n/index.ts';
import { PREVIEW_MFA_ENROLLMENT, PREVIEW_RECOVERY_CODE } from '../../src/preview/data.ts';
import type { AdminStoriesParameter, AdminStoryArgs } from '../../stories/support/admin-story.tsx';
import '../../stories/support/admin-dialogs.ts';
import type { FlowStoriesParameter } from '../../stories/support/flow-story.tsx';
import { alertText, dialog, expectAccessibleLightAndDark, renderStory, SLOW, text, toasts } from './helpers.ts';

interface StoryObject {
  args?: Partial<AdminStoryArgs>;
  parameters?: { flow?: FlowStoriesParameter; admin?: AdminStoriesParameter };
}
const storyModules = import.meta.glob<Record<string, StoryObject>>('../../stories/admin-*.stories.ts', { eager: true });

const messages = { ...enAdmin, ...enAdminUsers, ...enAdminPrivacy, ...enAdminProfile, ...enAdminRoles, ...enAdminTokens, ...enAdminProvisioning, ...enAdminSso };
/** An English catalogue message, its `{placeholders}` filled. */
const m = (key: keyof typeof messages, params?: Record<string, string | number>) => format(messages[key], params);

/**
 * What a state shows once it is there: the dialog open (or closed), its form busy (`aria-busy`) or not (unchecked
 * when absent), and words anywhere in the section, in its alert, in one toast (the event the flow emitted on entering
 * the state, handed over once).
 */
interface Shown {
  open: boolean;
  busy?: boolean;
  text?: string;
  alert?: string;
  toast?: string;
}

function shows(el: HTMLElement, { open, busy, text: words, alert, toast }: Shown): boolean {
  const d = dialog(el);
  return (
    Boolean(d) === open &&
    (busy === undefined || Boolean(d?.querySelector('[aria-busy=true]')) === busy) &&
    (!words || text(el).includes(words)) &&
    (!alert || alertText(el).includes(alert)) &&
    (!toast || toasts(el).split(toast).length === 2)
  );
}

/** What each state of each dialog flow shows, by story element tag and state name (stories/admin-<flow>-states.ts). */
const SHOWN: Record<string, Record<string, Shown>> = {
  // the checkout of a plan, in place of the subscription page (stories/admin-checkout-states.ts: the preview account on
  // Pro choosing Enterprise); not a dialog: every state shows the plan diff, most say more
  'fe-admin-checkout': {
    confirmingLocally: { open: false, text: 'Seats: 200 → unlimited' },
    loadingProvider: { open: false, text: 'Loading the payment form…' },
    providerFailed: { open: false, text: 'Payment provider not configured' },
    card: { open: false, text: 'Subscribe to Enterprise' },
    stripeCard: { open: false, text: 'Seats: 200 → unlimited' },
    confirmingCard: { open: false, text: 'Processing…' },
    declined: { open: false, text: 'Your card was declined.' },
    review: { open: false, text: 'The payment method on file is charged $99.00 per month.' },
    reviewFailed: { open: false, text: 'Plan downgrades are not allowed' },
    updating: { open: false, text: 'Changing the plan…' },
    reloading: { open: false, text: 'Seats: 200 → unlimited' },
    done: { open: false, text: 'Seats: 200 → unlimited' },
  },
  'fe-admin-add-user': {
    idle: { open: true, busy: false, text: m('admin.users.invite') },
    submitting: { open: true, busy: true, text: m('admin.users.inviting') },
    error: { open: true, busy: false, alert: 'User already exists' },
    done: { open: false, toast: m('admin.users.added', { email: 'katherine.johnson@preview.invalid' }) },
  },
  'fe-admin-bulk-invite': {
    idle: { open: true, busy: false, text: m('admin.users.bulkInvite') },
    inviting: { open: true, busy: true, text: m('admin.users.bulkProgress', { done: 1, total: 5 }) },
    results: { open: true, text: `grace.knuth@preview.invalid: ${m('admin.users.bulkReason.member')}` },
  },
  'fe-admin-bulk-users': {
    confirming: { open: true, busy: false, text: 'Selected users (3)' },
    applying: { open: true, busy: true, text: m('admin.users.bulk.progress', { done: 1, total: 3 }) },
    results: { open: true, text: 'alan.perlman@preview.invalid: You cannot delete yourself' },
  },
  'fe-admin-change-email': {
    idle: { open: true, busy: false, text: m('admin.profile.email.send') },
    requesting: { open: true, busy: true, text: m('admin.profile.email.sending') },
    error: { open: true, busy: false, alert: 'A user with this email already exists' },
    code: { open: true, busy: false, text: m('admin.profile.email.sent', { email: 'preview.user@preview.invalid' }) },
    resending: { open: true, busy: true, text: m('admin.profile.email.sent', { email: 'preview.user@preview.invalid' }) },
    verifying: { open: true, busy: true, text: m('admin.profile.email.verifying') },
    codeError: { open: true, busy: false, alert: 'Invalid code' },
    // the dialog says it, and so does a toast
    done: { open: true, busy: false, toast: m('admin.profile.email.done', { email: 'preview.user@preview.invalid' }) },
  },
  'fe-admin-create-token': {
    idle: { open: true, busy: false, text: m('admin.tokens.create') },
    creating: { open: true, busy: true, text: m('admin.tokens.creating') },
    error: { open: true, busy: false, alert: 'Not authorized' },
    created: { open: true, text: 'preview-secret-shown-once', toast: m('admin.tokens.created', { description: 'Deploy bot' }) },
    closed: { open: false, text: 'CI pipeline' },
  },
  // the SSO setup dialog (stories/admin-sso-setup-states.ts: the preview's Okta connection once made)
  'fe-admin-sso-setup': {
    vendor: { open: true, text: m('admin.sso.vendor.legend') },
    provider: { open: true, text: m('admin.sso.provider.intro.okta') },
    providerOidc: { open: true, text: 'https://app.example.com/auth/oidc/callback' },
    configure: { open: true, busy: false, text: m('admin.sso.configure.intro.okta') },
    configureOidc: { open: true, busy: false, text: m('admin.sso.configure.intro.oidc') },
    configuring: { open: true, busy: true, text: m('admin.sso.configure.reading') },
    configureFailed: { open: true, busy: false, alert: m('admin.sso.error.metadata.noHost') },
    review: { open: true, text: m('admin.sso.review.sp') },
    domains: { open: true, text: m('admin.sso.domains.intro') },
    authorization: { open: true, busy: false, text: m('admin.sso.auth.groups') },
    authorizing: { open: true, busy: true, text: m('admin.saving') },
    authorizationFailed: { open: true, busy: false, alert: 'Role not found' },
    enable: { open: true, busy: false, text: m('admin.sso.test.button') },
    enabling: { open: true, busy: true, text: m('admin.sso.enable.submitting') },
    enableFailed: { open: true, busy: false, alert: 'SSO configuration not found' },
    done: { open: true, text: m('admin.sso.setup.doneEnabled') },
    doneDisabled: { open: true, text: m('admin.sso.setup.done') },
    closed: { open: false, text: 'login.partner.example' },
  },
  // a domain's DNS proof, inline on the Okta connection's page (stories/admin-sso-domain-states.ts)
  'fe-admin-sso-domain': {
    entering: { open: false, text: m('admin.sso.domain.addButton') },
    adding: { open: false, text: m('admin.sso.domain.adding') },
    addFailed: { open: false, alert: 'The domain is already claimed' },
    publishing: { open: false, text: m('admin.sso.domain.publish', { domain: 'acme-eu.example' }) },
    validating: { open: false, text: m('admin.sso.domain.checking') },
    notFound: { open: false, text: m('admin.sso.domain.notFound') },
    validated: { open: false, text: m('admin.sso.domain.another') },
  },
  // the legacy single-SAML panel under the connections (stories/admin-saml-states.ts); loading and failed: no panel
  'fe-admin-saml': {
    loading: { open: false, text: 'acme.okta.example' },
    failed: { open: false, text: 'acme.okta.example' },
    ready: { open: false, text: m('admin.sso.saml.validateDomain') },
    pending: { open: false, text: m('admin.sso.domain.publish', { domain: 'legacy.acme.example' }) },
    toggling: { open: false, text: m('admin.sso.switching') },
    saving: { open: false, text: m('admin.saving') },
    validating: { open: false, text: m('admin.sso.domain.checking') },
    illegalState: { open: false, alert: m('admin.sso.saml.illegalState') },
  },
  'fe-admin-scim-connection': {
    choosing: { open: true, text: m('admin.provisioning.sourceHint.azure-ad') },
    naming: { open: true, busy: false, text: m('admin.provisioning.sourceChosen', { source: 'Okta' }) },
    creating: { open: true, busy: true, text: m('admin.provisioning.creating') },
    error: { open: true, busy: false, alert: 'Not authorized' },
    created: { open: true, text: 'preview-scim-token-shown-once', toast: m('admin.provisioning.created', { name: 'Okta production' }) },
    // Done: the dialog has closed, the list is there
    closed: { open: false, text: 'Entra ID staging' },
  },
  'fe-admin-edit-role': {
    // adding, editing, or viewing a built-in role
    idle: { open: true, busy: false, text: m('admin.roles.keyHint') },
    creating: { open: true, busy: true, text: m('admin.roles.adding') },
    error: { open: true, busy: false, alert: 'A role with the key "Support" already exists' },
    updating: { open: true, busy: true, text: m('admin.saving') },
    permissions: { open: true, busy: true, text: m('admin.saving') },
    done: { open: false, toast: m('admin.roles.saved', { name: 'Editor' }) },
  },
  'fe-admin-enroll-mfa': {
    starting: { open: true, text: m('admin.privacy.starting') },
    scanning: { open: true, busy: false, text: PREVIEW_MFA_ENROLLMENT.secret },
    scanningError: { open: true, busy: false, alert: 'Invalid code' },
    verifyingApp: { open: true, busy: true, text: m('admin.privacy.verifying') },
    recovery: { open: true, text: PREVIEW_RECOVERY_CODE, toast: m('admin.privacy.added', { device: m('admin.privacy.device.authenticator') }) },
    phone: { open: true, busy: false, text: m('admin.privacy.sendCode') },
    phoneError: { open: true, busy: false, alert: 'This phone is already an MFA device of your account' },
    sending: { open: true, busy: true, text: m('admin.privacy.sending') },
    code: { open: true, busy: false, text: m('admin.privacy.sms.sent', { phone: '+1 ••• ••• 0100' }) },
    resending: { open: true, busy: true, text: m('admin.privacy.sending') },
    codeError: { open: true, busy: false, alert: 'Invalid code' },
    verifyingSms: { open: true, busy: true, text: m('admin.privacy.verifying') },
    done: { open: false, toast: m('admin.privacy.added', { device: m('admin.privacy.kind.sms') }) },
    ceremony: { open: true, text: m('admin.privacy.key.waiting') },
    failed: { open: true, alert: m('admin.privacy.webauthn.cancelled') },
  },
};

describe('admin dialogs in every state of their flow: the state shown, no axe violations', () => {
  const stories = Object.entries(storyModules).flatMap(([path, module]) => {
    const meta = module.default;
    return Object.entries(module)
      .filter(([name]) => name !== 'default' && name !== '__namedExportsOrder')
      .map(([name, story]) => ({ file: path.replace('../../stories/', ''), name, args: { ...meta.args, ...story.args }, parameters: { ...meta.parameters, ...story.parameters } }))
      .filter((s) => s.parameters.flow && s.args.state);
  });

  it('finds the dialog state stories', () => {
    expect(stories.length).to.be.greaterThan(0);
  });

  for (const { file, name, args, parameters } of stories) {
    const { tag, states } = parameters.flow!;
    const state = args.state!;
    it(`${file} ${name}: ${tag} ${state}`, async () => {
      const shown = SHOWN[tag]?.[state];
      expect(shown, `what ${tag} ${state} shows (SHOWN in this file)`).to.be.an('object');
      const el = await renderStory(parameters.admin!.section, args.scenario ?? 'filled', args.dialog, { tag, state: states[state] });
      await waitUntil(() => el.shadowRoot && shows(el, shown!), `${tag} ${state} shown`, SLOW);
      // and in the dark scheme (issue 21: axe on every dialog in both schemes, colour contrast included)
      await expectAccessibleLightAndDark(el);
    });
  }
});
