/**
 * The header of a section view: its `<h2>` title (the section's accessible name: give the `<section>`
 * `aria-labelledby={titleId}`), an optional intro line under it, and the section's action buttons at the end; and
 * the same row for a panel inside a section, with an `<h3>`.
 */
import type { ReactNode } from 'react';
import * as css from './admin.css.ts';

/** A section's title row. `children` are its actions (add, create, …). */
export function SectionHeader({ titleId, title, intro, children }: { titleId: string; title: string; intro?: string; children?: ReactNode }) {
  const heading = (
    <h2 id={titleId} className={css.title}>
      {title}
    </h2>
  );
  return (
    <header className={css.header}>
      {intro === undefined ? (
        heading
      ) : (
        <div className={css.cellStack}>
          {heading}
          <p className={`${css.muted} ${css.flush}`}>{intro}</p>
        </div>
      )}
      {children}
    </header>
  );
}

/** A panel's title row inside a section: its `<h3>` (give the panel `aria-labelledby={titleId}`), its intro, then `children` (its actions). */
export function PanelHeader({ titleId, title, intro, children }: { titleId: string; title: string; intro: string; children?: ReactNode }) {
  return (
    <div className={css.header}>
      <span className={css.cellStack}>
        <h3 id={titleId} className={css.subtitle}>
          {title}
        </h3>
        <span className={css.muted}>{intro}</span>
      </span>
      {children}
    </div>
  );
}
