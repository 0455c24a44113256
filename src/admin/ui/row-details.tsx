/**
 * A table row's whole content, reachable without a mouse (issue 31 item 7: "an expandable row or a details panel"):
 * a row's identity is a button ({@link RowDetailsTrigger}) that opens {@link RowDetails}, a dialog listing every field
 * of the row in full — what a narrow screen leaves out (columns leave by priority), what an ellipsis cuts, what only a
 * tooltip held. Generic: a table gives its own fields (labels and values); the dialog is the kit's (focus trap, Escape,
 * labelled by its title, focus back to the trigger on close).
 */
import { useState, type ReactNode } from 'react';
import * as css from './admin.css.ts';
import { AdminDialog } from './dialog.tsx';
import { DoneActions } from './form.tsx';
import { useSection } from '../shell/context.ts';

/** One field of a row's details: its label and its value in full (text or nodes; an empty value shows "None"). */
export interface RowDetailsField {
  label: string;
  value: ReactNode;
}

/**
 * The details dialog of one row: `title` names the row; `fields` in order, each label over its whole value; `children`
 * (e.g. the row's JSON) below them.
 */
export function RowDetails({ title, fields, onClose, children }: { title: string; fields: RowDetailsField[]; onClose: () => void; children?: ReactNode }) {
  const { t } = useSection();
  return (
    <AdminDialog open onClose={onClose} title={title}>
      <dl className={css.detailsList} data-row-details="">
        {fields.map((f) => (
          <div key={f.label} className={css.detailsItem}>
            <dt className={css.detailsLabel}>{f.label}</dt>
            <dd className={css.detailsValue}>{f.value === '' || f.value === null || f.value === undefined ? <span className={css.muted}>{t('admin.none')}</span> : f.value}</dd>
          </div>
        ))}
      </dl>
      {children}
      <DoneActions label={t('admin.close')} onDone={onClose} />
    </AdminDialog>
  );
}

/**
 * The button that opens a row's details: `children` (the row's identity, e.g. a name) is its visible text, cut by an
 * ellipsis when it does not fit; its accessible name is "Details of <name>" (the visible text within it, WCAG 2.5.3).
 */
export function RowDetailsTrigger({ name, onOpen, children }: { name: string; onOpen: () => void; children?: ReactNode }) {
  const { t } = useSection();
  return (
    <button type="button" className={css.detailsTrigger} aria-haspopup="dialog" aria-label={t('admin.rowDetails.open', { name })} title={name} onClick={onOpen}>
      {children ?? name}
    </button>
  );
}

/** The row whose details are open (null: none), and the functions that open and close them. */
export function useRowDetails<T>(): { row: T | null; open: (row: T) => void; close: () => void } {
  const [row, setRow] = useState<T | null>(null);
  return { row, open: setRow, close: () => setRow(null) };
}
