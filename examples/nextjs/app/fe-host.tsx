'use client';
/**
 * The elements' side of the app: `<fe-app>` with its listeners, and the signed-in user for the client views.
 * React 19 attaches `onfe-login` / `onfe-logout` / `onfe-navigate` to a custom element as DOM listeners of those
 * events, no wrapper needed. The elements touch the DOM when they load, so they are imported in the browser only.
 */
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useRouter } from 'next/navigation';
import type { FeAppElement, FeLoginEvent, FeNavigateEvent } from 'fe-elements';
// the fe-* tags in JSX (here and in views.tsx): attributes, properties and `onfe-*` handlers typed from custom-elements.json
import type {} from 'fe-elements/react';

/** What the views show of the user (from the server session at first, then from `fe-login`). */
export type ViewUser = { email?: string; name?: string };

const UserContext = createContext<{ user: ViewUser | null; logout(): void }>({ user: null, logout: () => {} });

/** The signed-in user (null when signed out) and the sign-out action, for client views under `<FeHost>`. */
export const useFeUser = () => useContext(UserContext);

export function FeHost({ clientId, user: serverUser, children }: { clientId: string; user: ViewUser | null; children: ReactNode }) {
  const router = useRouter();
  const app = useRef<FeAppElement>(null);
  // first paint: the user of the server session (layout.tsx); then the elements' events
  const [user, setUser] = useState<ViewUser | null>(serverUser);
  // React attaches `onfe-*` listeners when it renders on the client; hydrating the server's <fe-app> does not
  // attach them (seen with react-dom 19.3), so they are given from the first client render after the elements load.
  const [defined, setDefined] = useState(false);
  useEffect(() => {
    void import('fe-elements').then(() => setDefined(true));
  }, []);
  const listeners = {
    'onfe-login': (e: FeLoginEvent) => {
      setUser(e.detail.user);
      router.refresh(); // server components render with the new session cookie
    },
    'onfe-logout': () => {
      setUser(null); // signed out here, or in another tab (detail.remote)
      router.refresh();
    },
    'onfe-navigate': (e: FeNavigateEvent) => {
      // after sign-in and the like: the App Router, without a reload; other origins (SSO) leave the page
      const url = new URL(e.detail.url, location.href);
      if (url.origin !== location.origin) return;
      e.preventDefault();
      router.push(url.pathname + url.search + url.hash);
    },
  };
  return (
    <fe-app ref={app} base-url="/" client-id={clientId} {...(defined ? listeners : {})}>
      <UserContext value={{ user, logout: () => void app.current?.logout() }}>{children}</UserContext>
    </fe-app>
  );
}
