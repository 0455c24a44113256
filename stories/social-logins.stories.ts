/**
 * The social login buttons of the login box (src/federation/views.tsx,
 * `SocialLoginButtons`): one story per state, from data (the list of
 * providers, the provider being started, a start failure), rendered in a
 * shadow root with the login box's card styles. Preview mode has no
 * providers, so the buttons are shown here on their own. The states are
 * shared with the accessibility test (test/federation.test.ts).
 */
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { action } from 'storybook/actions';
import cardCss from '../src/views/shared/card.css.ts?inline';
import { createI18n } from '../src/i18n/index.ts';
import '../src/i18n/en-federation.ts';
import { SocialLoginButtons } from '../src/federation/views.tsx';
import type { SocialProviderEntry } from '../src/federation/index.ts';

const provider = (type: string, extra: Partial<SocialProviderEntry> = {}): SocialProviderEntry => ({
  key: type,
  type,
  origin: 'social-login',
  clientId: `${type}-client`,
  authorizationUrl: `https://${type}.invalid/authorize`,
  redirectUrl: '',
  scopes: 'openid email profile',
  ...extra,
});

const all = [
  ...['microsoft', 'facebook', 'google', 'github', 'slack', 'apple', 'linkedin'].map((t) => provider(t)),
  provider('custom', { key: '3f0c6a2e-custom', origin: 'custom-social-login', displayName: 'Acme ID' }),
];

/** Every state of the buttons as data. */
export const socialLoginStates = {
  oneProvider: { providers: [provider('github')] },
  allProviders: { providers: all },
  redirecting: { providers: [provider('github'), provider('google')], started: 'google' },
  startFailed: { providers: [provider('github')], error: 'This sign-in method is not available right now.' },
} satisfies Record<string, { providers: SocialProviderEntry[]; started?: string; error?: string }>;

export type SocialLoginStateName = keyof typeof socialLoginStates;

const onStart = action('start social login');

/** A `<div>` whose shadow root holds the buttons of `state`, styled like the login box's card. */
export function renderSocialLogins(state: SocialLoginStateName): HTMLElement {
  const host = document.createElement('div');
  host.style.maxWidth = '400px';
  const root = host.attachShadow({ mode: 'open' });
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(cardCss);
  root.adoptedStyleSheets = [sheet];
  const t = createI18n('en').$t.get();
  createRoot(root).render(createElement(SocialLoginButtons, { t, onStart: (p) => onStart(p), ...socialLoginStates[state] }));
  return host;
}

interface Args {
  state: SocialLoginStateName;
}

const meta: Meta<Args> = {
  title: 'Sign-in/Social login buttons',
  // the buttons are part of the login box's preLogin step
  component: 'fe-login-box',
  argTypes: { state: { control: 'select', options: Object.keys(socialLoginStates) } },
  render: ({ state }) => renderSocialLogins(state),
};
export default meta;
type Story = StoryObj<Args>;

export const OneProvider: Story = { args: { state: 'oneProvider' } };
export const AllProviders: Story = { args: { state: 'allProviders' } };
export const Redirecting: Story = { args: { state: 'redirecting' } };
export const StartFailed: Story = { args: { state: 'startFailed' } };
