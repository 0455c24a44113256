import { useRef, useState, useSyncExternalStore, type MouseEvent } from 'react';
import type { FeAppElement, PublicUser } from 'fe-elements';
// the fe-* tags in JSX: attributes, `options` and `onfe-*` handlers typed from custom-elements.json
import type {} from 'fe-elements/react';

/** The page's path, kept in step with pushState navigation and back/forward. */
function usePath(): string {
  return useSyncExternalStore(
    (changed) => {
      addEventListener('popstate', changed);
      return () => removeEventListener('popstate', changed);
    },
    () => location.pathname,
  );
}

function go(path: string): void {
  history.pushState(null, '', path);
  dispatchEvent(new PopStateEvent('popstate'));
}

/** A link the app routes itself (no reload: the access token lives in memory). */
function Link({ to, children }: { to: string; children: string }) {
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    go(to);
  };
  return (
    <a href={to} onClick={onClick}>
      {children}
    </a>
  );
}

/** `<fe-app options>`: a JS object, set as a property. Where the elements navigate (after sign-in …): this app's router. */
const options: FeAppElement['options'] = {
  navigate: (url) => {
    const target = new URL(url, location.href);
    if (target.origin === location.origin) go(target.pathname + target.search + target.hash);
    else location.assign(target.href); // e.g. an SSO identity provider (the app checked the URL is safe)
  },
};

export function App() {
  const path = usePath();
  const app = useRef<FeAppElement>(null);
  // null: signed out; undefined: not known yet (<fe-app> is restoring the session)
  const [user, setUser] = useState<PublicUser | null | undefined>(undefined);

  return (
    <fe-app
      ref={app}
      base-url="/"
      client-id="demo-client"
      options={options}
      onfe-login={(e) => setUser(e.detail.user)}
      onfe-logout={() => {
        setUser(null); // signed out here, or in another tab (detail.remote)
        go('/');
      }}
      onfe-session-change={(e) => {
        if (!e.detail.isAuthenticated) setUser(null);
      }}
    >
      <header>
        <strong>Acme</strong>
        <span data-testid="who">{user?.email}</span>
      </header>
      <main>
        {user === undefined ? (
          <p>Loading…</p>
        ) : user === null ? (
          <>
            <h1>Welcome to Acme</h1>
            <fe-login-box />
          </>
        ) : path === '/admin' ? (
          <section className="panel wide">
            <h1>Admin portal</h1>
            <p>
              <Link to="/">Back to the app</Link>
            </p>
            <fe-admin-portal />
          </section>
        ) : (
          <section className="panel" data-testid="signed-in">
            <h1>Welcome back</h1>
            <p>
              Signed in as <strong data-testid="email">{user.email}</strong>
            </p>
            <p>
              <Link to="/admin">Admin portal</Link>
            </p>
            <button type="button" onClick={() => app.current?.logout()}>
              Sign out
            </button>
          </section>
        )}
      </main>
    </fe-app>
  );
}
