/** The home page: the signed-in user, or the login box (the session itself is the layout's, see layout.tsx). */
import { Home } from './views';

export default function Page() {
  return (
    <main>
      <Home />
    </main>
  );
}
