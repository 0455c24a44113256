import { Injectable, signal } from '@angular/core';
import type { FeAppElement, PublicUser } from 'fe-elements';

/** The signed-in user as the elements announce it, and the `<fe-app>` that signs out. */
@Injectable({ providedIn: 'root' })
export class Session {
  /** null: signed out; undefined: not known yet (<fe-app> is restoring the session). */
  readonly user = signal<PublicUser | null | undefined>(undefined);
  app?: FeAppElement;

  logout(): void {
    void this.app?.logout();
  }
}
