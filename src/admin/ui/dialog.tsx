/**
 * Dialogs of the portal, on react-aria (focus trap, Escape, labelled by the heading, focus back to the trigger).
 * Rendered into the element's shadow root (the portal provider of the section element), so the theme applies.
 */
import { useId, useRef, type ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { UNSAFE_PortalProvider } from 'react-aria/PortalProvider';
import * as css from './admin.css.ts';
import { useSection } from '../shell/context.ts';
import { ErrorSlot } from './states.tsx';

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
