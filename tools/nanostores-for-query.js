/**
 * What @nanostores/query imports from nanostores, for the browser build (vite.config.ts resolves the library's
 * `nanostores` import here). The same stores, except `startTask`: the library counts its fetches as nanostores
 * tasks so that server rendering can `await allTasks()`; in the browser nobody awaits them, and the task module
 * would otherwise be kept in the login box's first-input chunk (nanostores lives there) for the portal alone.
 */
export { atom, batched, map, onStart, onStop } from 'nanostores';

/** A task that is not counted: its end is a no-op. */
export function startTask() {
  return () => {};
}
