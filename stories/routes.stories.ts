/**
 * `<fe-routes>` in preview mode: the story page's path is made the chosen
 * route (through the app's `routes` option), so the element shows that
 * route's flow; `no-history` and a prevented `fe-navigate` keep the page.
 */
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { action } from 'storybook/actions';
import '../elements/fe-routes.ts';
import type { FeRoutes } from '../src/app/options.ts';
import { previewApp } from './support/preview-app.ts';

interface Args {
  /** The route shown (a key of the app's routes). */
  route: keyof FeRoutes;
}

const onRouteChange = action('fe-route-change');

const meta: Meta<Args> = {
  title: 'Sign-in/fe-routes',
  component: 'fe-routes',
  argTypes: { route: { control: 'select', options: ['loginUrl', 'signUpUrl', 'forgetPasswordUrl', 'openAppUrl', 'authenticatedUrl'] } },
  render: ({ route }) => {
    const routes = document.createElement('fe-routes');
    routes.setAttribute('no-history', '');
    routes.addEventListener('fe-route-change', (e) => onRouteChange(e.detail));
    return previewApp([routes], { options: { routes: { [route]: location.pathname } } });
  },
};
export default meta;
type Story = StoryObj<Args>;

/** `loginUrl`: the login box. */
export const Login: Story = { args: { route: 'loginUrl' } };
/** `signUpUrl`: the sign-up form. */
export const SignUp: Story = { args: { route: 'signUpUrl' } };
/** `forgetPasswordUrl`: forgot password. */
export const ForgotPassword: Story = { args: { route: 'forgetPasswordUrl' } };
/** `authenticatedUrl`: the host's own page, so nothing renders (`fe-route-change` with `route: null`). */
export const HostPage: Story = { args: { route: 'authenticatedUrl' } };
