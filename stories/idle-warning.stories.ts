/**
 * The idle sign-out warning of `<fe-app>` (issue 22 item 2, SI-3.11): the modal alert dialog shown one minute before
 * an idle user is signed out, as `<fe-app>` mounts it (elements/internal/idle-warning.tsx) with a fixed time left.
 * "Stay signed in" (or Escape) and "Sign out" are logged. The toolbar's locale and theme apply (de, he right to
 * left, dark).
 */
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { action } from 'storybook/actions';
import { mountIdleWarning } from '../elements/internal/idle-warning.tsx';
import { appOf, previewApp } from './support/preview-app.ts';

interface Args {
  /** Whole seconds until the sign-out (the countdown shows `m:ss`; the status speaks at 30 and 10). */
  secondsLeft: number;
}

const stay = action('stay signed in');
const signOut = action('sign out');

const meta: Meta<Args> = {
  title: 'App/Idle warning',
  component: 'fe-app',
  argTypes: { secondsLeft: { control: { type: 'range', min: 0, max: 60, step: 1 } } },
  // a modal dialog takes the whole page: each story in its own frame on the docs page
  parameters: { docs: { story: { inline: false, iframeHeight: 360 } } },
  render: ({ secondsLeft }) => {
    const el = previewApp([]);
    void appOf(el).then((app) => app && mountIdleWarning(el, app, { stay: () => stay(), signOut: () => signOut() }).show(secondsLeft));
    return el;
  },
};
export default meta;
type Story = StoryObj<Args>;

/** As it opens: a minute left, focus on "Stay signed in". */
export const OneMinuteLeft: Story = { args: { secondsLeft: 60 } };
/** Half a minute left: the status region has said so once. */
export const HalfAMinuteLeft: Story = { args: { secondsLeft: 30 } };
/** The last seconds. */
export const LastSeconds: Story = { args: { secondsLeft: 5 } };
