/** Events of the admin portal (architecture "Public surface"; issue "Admin portal" shell). */
import { eventClass } from './event-class.ts';

/** Detail of `fe-admin-section-change`. */
export interface FeAdminSectionChangeDetail {
  /** The section now shown (admin spec §2 section id, e.g. `users`). */
  section: string;
  /** The section shown before, or null on the first one. */
  previous: string | null;
}
/** `fe-admin-section-change`: `<fe-admin-portal>` shows another section (navigation, deep link, back/forward). Bubbles, not composed. */
export class FeAdminSectionChangeEvent extends eventClass<FeAdminSectionChangeDetail>('fe-admin-section-change', { bubbles: true, composed: false }) {}
