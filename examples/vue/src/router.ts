import { ref } from 'vue';

/** The page's path, kept in step with pushState navigation and back/forward. */
export const path = ref(location.pathname);
addEventListener('popstate', () => (path.value = location.pathname));

export function go(to: string): void {
  history.pushState(null, '', to);
  path.value = location.pathname;
}

/** Where the elements navigate (after sign-in …): this app's router, or another origin (an SSO identity provider). */
export function navigate(url: string): void {
  const target = new URL(url, location.href);
  if (target.origin === location.origin) go(target.pathname + target.search + target.hash);
  else location.assign(target.href);
}
