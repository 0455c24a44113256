import type { Decorator, Preview } from '@storybook/web-components-vite';
import { setCustomElementsManifest } from '@storybook/web-components-vite';
import { html } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import cem from '../custom-elements.json';
import { frameStyle, setStoryGlobals, STORY_LOCALES, STORY_THEMES, themeArgTypes, themeStyle } from '../stories/support/globals.ts';

setCustomElementsManifest(cem);

/**
 * Every story inside a wrapper: the toolbar's locale and theme go to the story's `<fe-app>` (read by the helpers
 * that create it, stories/support/globals.ts), the `--fe-*` controls are inline custom properties of the wrapper.
 * The story is keyed by those values, so a changed colour starts a fresh `<fe-app>` and the dark scheme (which
 * only sets what the page has not) is worked out again.
 */
const withFeGlobals: Decorator = (story, { globals, args }) => {
  setStoryGlobals(globals);
  const vars = themeStyle(args);
  return html`<div class="fe-story" style=${[frameStyle(), vars].filter(Boolean).join('; ')}>${keyed(vars, story())}</div>`;
};

const preview: Preview = {
  parameters: { layout: 'centered', a11y: { test: 'todo' } },
  globalTypes: {
    locale: {
      description: 'Locale of the story’s <fe-app> (he: right to left; en-XA: pseudo-locale)',
      toolbar: { title: 'Locale', icon: 'globe', items: STORY_LOCALES.map(({ value, title }) => ({ value, title })), dynamicTitle: true },
    },
    theme: {
      description: 'Colour scheme of the story’s <fe-app> (auto: prefers-color-scheme)',
      toolbar: { title: 'Theme', icon: 'mirror', items: STORY_THEMES.map(({ value, title, icon }) => ({ value, title, icon })), dynamicTitle: true },
    },
  },
  initialGlobals: { locale: 'en', theme: 'auto' },
  argTypes: themeArgTypes,
  decorators: [withFeGlobals],
};
export default preview;
