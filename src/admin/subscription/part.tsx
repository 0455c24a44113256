/** A part of the subscription page (the plans, the payment details, the invoices): a region named by its heading. */
import type { ReactNode } from 'react';
import * as css from '../ui/admin.css.ts';

/** The part `title` (heading id `id`, which names the region), then `children`. */
export function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={css.section} aria-labelledby={id}>
      <h3 id={id} className={css.subtitle}>
        {title}
      </h3>
      {children}
    </section>
  );
}
