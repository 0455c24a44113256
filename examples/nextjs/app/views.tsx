'use client';
/** The pages' client views: what the signed-in user sees, or the login box. */
import Link from 'next/link';
import { useFeUser } from './fe-host';

/** Signed out: the page's heading and the login box. */
function SignIn() {
  return (
    <>
      <h1>Welcome to Acme</h1>
      <fe-login-box />
    </>
  );
}

export function Home() {
  const { user, logout } = useFeUser();
  if (!user) return <SignIn />;
  return (
    <section className="panel" data-testid="signed-in">
      <h1>Welcome back</h1>
      <p>
        Signed in as <strong data-testid="email">{user.email}</strong>
      </p>
      <p>
        <Link href="/admin">Admin portal</Link>
      </p>
      <button type="button" onClick={logout}>
        Sign out
      </button>
    </section>
  );
}

export function AdminPortal() {
  const { user } = useFeUser();
  if (!user) return <SignIn />;
  return (
    <section className="panel wide">
      <h1>Admin portal</h1>
      <p>
        <Link href="/">Back to the app</Link>
      </p>
      <fe-admin-portal />
    </section>
  );
}
