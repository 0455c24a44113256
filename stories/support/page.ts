/**
 * What every story shares about its page: the preview base URL and the `fe-navigate` handler that keeps the story's
 * iframe where it is. A leaf (no story module imported), so render.ts and support/flow-story.tsx can both use it.
 */
import { action } from 'storybook/actions';

/** The base URL of every preview story (never contacted). */
export const PREVIEW_BASE_URL = 'https://preview.invalid';

const onNavigate = action('fe-navigate (prevented)');

/** Post-auth navigation would leave the story's iframe: log it and keep the page. */
export function keepPage(e: Event): void {
  e.preventDefault();
  onNavigate((e as CustomEvent).detail);
}
