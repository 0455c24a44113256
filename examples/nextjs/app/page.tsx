/** A server-rendered page with the session (entitlements loaded on demand). */
import { headers } from 'next/headers';
import { fe } from '../lib/fe';

export default async function Home() {
  const { session } = await fe.getSession(await headers(), { entitlements: true });
  if (!session)
    return (
      <main>
        <p>Signed out.</p>
      </main>
    );
  return (
    <main>
      <h1>Welcome back, {session.user.name}</h1>
      <p>Tenant {session.tenantId}</p>
    </main>
  );
}
