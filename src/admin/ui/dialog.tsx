/**
 * Dialogs of the portal, on react-aria (focus trap, Escape, labelled by the heading, focus back to the trigger).
 * Rendered into the element's shadow root (the portal provider of the section element), so the theme applies.
 */
import { useId, useRef, useState, type ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { UNSAFE_PortalProvider } from 'react-aria/PortalProvider';
import * as css from './admin.css.ts';
import type { Translate } from '../../i18n/index.ts';
import { useSection, useTranslate } from '../shell/context.ts';
import { ErrorSlot } from './states.tsx';
import { useSave } from './use-save.ts';

/**
 * A modal dialog, open while `open`; `onClose` on Escape or a click outside (not while `busy`, nor when `dismissable`
 * is false: a secret shown once, whose own Done is the way out).
 */
export function AdminDialog(props: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  busy?: boolean;
  dismissable?: boolean;
  role?: 'dialog' | 'alertdialog';
}) {
  const dismissable = !props.busy && props.dismissable !== false;
  // labelled explicitly: react-aria looks the title up with document.getElementById, which misses a shadow root
  const titleId = useId();
  // the popovers of the dialog's controls (the kit's Select, ComboBox) open inside the dialog: in a shadow root the
  // modal's focus containment would otherwise take the focus back from a list opened outside it
  const popovers = useRef<HTMLDivElement>(null);
  return (
    <ModalOverlay
      isOpen={props.open}
      onOpenChange={(open) => !open && dismissable && props.onClose()}
      isDismissable={dismissable}
      isKeyboardDismissDisabled={!dismissable}
      className={css.overlay}
    >
      <Modal className={css.modal}>
        <Dialog className={css.dialog} role={props.role ?? 'dialog'} aria-labelledby={titleId}>
          <Heading id={titleId} className={css.title}>
            {props.title}
          </Heading>
          <UNSAFE_PortalProvider getContainer={() => popovers.current}>{props.children}</UNSAFE_PortalProvider>
          <div ref={popovers} />
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

/**
 * A confirmation of a destructive action (destructive actions confirm): text, the failure if any (kept open, input
 * kept), Cancel (focused on open, so Enter does not confirm) and the action, which shows progress while `busy`.
 */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  body: ReactNode;
  action: string;
  busyAction: string;
  busy: boolean;
  error: unknown;
  danger?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useSection();
  return (
    <AdminDialog open={props.open} onClose={props.onClose} title={props.title} busy={props.busy} role="alertdialog">
      <div>{props.body}</div>
      <ErrorSlot error={props.error} />
      <div className={css.dialogActions}>
        {/* Cancel has the focus: Enter or Space on open must not delete (issue "The portal as an administrator meets it" 7) */}
        <button type="button" className={css.secondaryButton} onClick={props.onClose} disabled={props.busy} autoFocus>
          {t('admin.cancel')}
        </button>
        <button type="button" className={props.danger === false ? css.button : css.dangerButton} aria-disabled={props.busy} onClick={() => !props.busy && props.onConfirm()}>
          {props.busy ? props.busyAction : props.action}
        </button>
      </div>
    </AdminDialog>
  );
}

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
