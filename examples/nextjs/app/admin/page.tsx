/** The admin portal page (`<fe-admin-portal>`, its sections loaded on demand). */
import { AdminPortal } from '../views';

export default function Admin() {
  return (
    <main>
      <AdminPortal />
    </main>
  );
}
