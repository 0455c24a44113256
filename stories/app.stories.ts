/**
 * `<fe-app>` in preview mode with a log of the session events it fires
 * (`fe-session-change`, `fe-login`, `fe-logout`): sign the preview user in
 * and out with the buttons (or through the login box) and watch the log.
 */
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { action } from 'storybook/actions';
import '../elements/fe-login-box.ts';
import { signInPreview, previewApp } from './support/preview-app.ts';

const log = action('fe-session-change');

function sessionLog(): HTMLElement {
  const wrap = document.createElement('div');
  wrap.style.cssText = 'display:grid;gap:12px;max-width:480px;font:14px/1.4 system-ui';
  const signIn = Object.assign(document.createElement('button'), { type: 'button', textContent: 'Sign in the preview user' });
  const signOut = Object.assign(document.createElement('button'), { type: 'button', textContent: 'Sign out' });
  const list = document.createElement('ol');
  list.setAttribute('aria-label', 'Session events');
  list.setAttribute('aria-live', 'polite');
  const app = previewApp([document.createElement('fe-login-box')]);
  const add = (text: string) => list.append(Object.assign(document.createElement('li'), { textContent: text }));
  app.addEventListener('fe-session-change', (e) => {
    log(e.detail);
    add(`fe-session-change: ${e.detail.isAuthenticated ? `signed in as ${e.detail.user?.email}` : 'signed out'}`);
  });
  app.addEventListener('fe-login', (e) => add(`fe-login: ${e.detail.user.email}${e.detail.restored ? ' (restored)' : ''}`));
  app.addEventListener('fe-logout', (e) => add(`fe-logout${e.detail.remote ? ' (remote)' : ''}`));
  signIn.addEventListener('click', () => void signInPreview(app));
  signOut.addEventListener('click', () => void app.logout());
  const buttons = document.createElement('div');
  buttons.style.cssText = 'display:flex;gap:8px';
  buttons.append(signIn, signOut);
  wrap.append(buttons, list, app);
  return wrap;
}

const meta: Meta = {
  title: 'App/fe-app',
  component: 'fe-app',
  render: () => sessionLog(),
};
export default meta;

/** The session events of `<fe-app>`, listed as they fire; the user in them carries no token. */
export const SessionChangeLog: StoryObj = {};
