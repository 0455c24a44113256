/**
 * The kit's warning before a risky step (issue 31 items 1 and 2), on {@link AdminDialog}: its own module, so a section
 * that never warns does not load it (the portal's size budget, test/node/size.test.ts).
 */
import { useState, type ReactNode } from 'react';
import type { Translate } from '../../i18n/index.ts';
import * as css from './admin.css.ts';
import { useTranslate } from '../shell/context.ts';
import { AdminDialog } from './dialog.tsx';
import { ErrorSlot } from './states.tsx';
import { useSave } from './use-save.ts';

/** One way out of a {@link WarningDialog}: its label, its label while it runs, and what it does. */
export interface WarningChoice {
  label: string;
  busyLabel?: string;
  /** Runs the choice; a failure (a rejected promise) keeps the dialog open with the message, input kept. */
  run: () => void | Promise<unknown>;
}

/**
 * A warning before a risky step (issue 31 items 1 and 2: a change that would lock the admin out, leaving with unsaved
 * edits): the title, why (`body`), then the choices — the safe one emphasised and focused, so Enter takes it: `safe`
 * when there is one (e.g. "Add my IP"), else Cancel (labelled `cancel`, e.g. "Stay"); the risky one (`risky`, e.g.
 * "Save anyway") is a secondary button, never a look-alike of the safe one. A choice shows progress while it runs and
 * closes the dialog when done; a failure stays, announced. Escape and a click outside are Cancel (`onClose`). `t`
 * when rendered outside a section (the shell's own question).
 */
export function WarningDialog(props: { title: string; body: ReactNode; safe?: WarningChoice; risky: WarningChoice; cancel?: string; onClose: () => void; t?: Translate }) {
  const t = useTranslate(props.t);
  const save = useSave();
  const [doing, setDoing] = useState<'safe' | 'risky' | null>(null);
  const choose = (which: 'safe' | 'risky', choice: WarningChoice) => {
    if (save.busy) return;
    setDoing(which);
    void save.run(async () => choice.run(), props.onClose);
  };
  const label = (which: 'safe' | 'risky', choice: WarningChoice) => (save.busy && doing === which && choice.busyLabel ? choice.busyLabel : choice.label);
  const { safe, risky } = props;
  const cancel = (
    <button type="button" className={safe ? css.secondaryButton : css.button} onClick={props.onClose} disabled={save.busy} autoFocus={!safe}>
      {props.cancel ?? t('admin.cancel')}
    </button>
  );
  return (
    <AdminDialog open onClose={props.onClose} title={props.title} busy={save.busy} role="alertdialog">
      <div>{props.body}</div>
      <ErrorSlot error={save.error} t={t} />
      {/* the emphasised, focused choice comes last (where the eye ends): the safe one, else Cancel */}
      <div className={css.dialogActions}>
        {safe ? cancel : null}
        <button type="button" className={css.secondaryButton} aria-disabled={save.busy || undefined} data-choice="risky" onClick={() => choose('risky', risky)}>
          {label('risky', risky)}
        </button>
        {safe ? (
          <button type="button" className={css.button} aria-disabled={save.busy || undefined} data-choice="safe" onClick={() => choose('safe', safe)} autoFocus>
            {label('safe', safe)}
          </button>
        ) : (
          cancel
        )}
      </div>
    </AdminDialog>
  );
}
