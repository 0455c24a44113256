/**
 * `<fe-open-app>` (`/account/redirect`) in preview mode: it sends a signed-in
 * user on to the app and a signed-out one to sign in; the navigation is
 * prevented and logged, so the card stays.
 */
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import '../elements/fe-open-app.ts';
import { previewApp, signInPreview } from './support/preview-app.ts';

interface Args {
  /** Whether the preview user is signed in. */
  signedIn: boolean;
}

const meta: Meta<Args> = {
  title: 'Sign-in/fe-open-app',
  component: 'fe-open-app',
  argTypes: { signedIn: { control: 'boolean' } },
  render: ({ signedIn }) => {
    const page = document.createElement('fe-open-app');
    if (!signedIn) return previewApp([page]);
    // the page decides once the session is known: it comes in after the sign-in
    const app = previewApp([]);
    void signInPreview(app).then(() => app.append(page));
    return app;
  },
};
export default meta;
type Story = StoryObj<Args>;

/** Signed in: `fe-navigate` to the authenticated URL (logged). */
export const SignedIn: Story = { args: { signedIn: true } };
/** Signed out: `fe-navigate` to the login route with this page as `redirectUrl` (logged). */
export const SignedOut: Story = { args: { signedIn: false } };
