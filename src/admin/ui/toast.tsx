/**
 * Toasts of the portal (saves "show progress and a toast"): a queue per portal or section element, each dismissed by
 * its close button or after {@link TOAST_TIMEOUT_MS}. A success is shown in a polite live region (announced without
 * moving focus); an error (a save undone, an action that failed) in an alert region, announced at once, and looks like
 * one: the danger colours and a warning sign. Our own small region rather than react-aria's UNSTABLE toast: that one portals out of
 * the shadow root, where the element's styles are not.
 */
import { useStore } from '@nanostores/react';
import { atom, type ReadableAtom } from 'nanostores';
import type { Translate } from '../../i18n/index.ts';
import * as css from './admin.css.ts';

/** One toast. */
export interface Toast {
  id: number;
  text: string;
  /** `success` (default) or `error`. */
  kind: ToastKind;
}

/** What a toast tells: a success, or an error (announced as an alert, in the danger colours). */
export type ToastKind = 'success' | 'error';

/** A queue of toasts: `show(text, kind?)` adds one for {@link TOAST_TIMEOUT_MS}; at most 3 are shown, newest last. */
export interface Toasts {
  $toasts: ReadableAtom<Toast[]>;
  show(text: string, kind?: ToastKind): void;
  dismiss(id: number): void;
}

/** How long a toast stays, in ms. */
export const TOAST_TIMEOUT_MS = 5000;

/** A fresh queue. */
export function createToasts(): Toasts {
  const $toasts = atom<Toast[]>([]);
  let next = 0;
  const dismiss = (id: number) => $toasts.set($toasts.get().filter((t) => t.id !== id));
  return {
    $toasts,
    dismiss,
    show(text, kind = 'success') {
      const id = ++next;
      $toasts.set([...$toasts.get(), { id, text, kind }].slice(-3));
      setTimeout(() => dismiss(id), TOAST_TIMEOUT_MS);
    },
  };
}

/** The toast regions of a queue (render once per element, inside its shadow root): successes polite, errors alerts. */
export function ToastArea({ toasts, t }: { toasts: Toasts; t: Translate }) {
  const list = useStore(toasts.$toasts);
  const item = (toast: Toast) => (
    <div key={toast.id} className={toast.kind === 'error' ? css.errorToast : css.toast} data-toast={toast.kind}>
      {toast.kind === 'error' ? <span aria-hidden="true">⚠</span> : null}
      <span>{toast.text}</span>
      <button type="button" className={css.toastClose} aria-label={t('admin.close')} onClick={() => toasts.dismiss(toast.id)}>
        ×
      </button>
    </div>
  );
  return (
    <div className={css.toastRegion}>
      <div className={css.toastList} role="status" aria-live="polite" aria-label={t('admin.toasts')}>
        {list.filter((x) => x.kind !== 'error').map(item)}
      </div>
      <div className={css.toastList} role="alert" aria-label={t('admin.errorToasts')}>
        {list.filter((x) => x.kind === 'error').map(item)}
      </div>
    </div>
  );
}
