/**
 * Toasts of the portal (saves "show progress and a toast"): a queue per portal or section element, shown in a
 * polite live region (announced without moving focus), each dismissed by its close button or after
 * {@link TOAST_TIMEOUT_MS}. Our own small region rather than react-aria's UNSTABLE toast: that one portals out of
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
}

/** A queue of toasts: `show(text)` adds one for {@link TOAST_TIMEOUT_MS}; at most 3 are shown, newest last. */
export interface Toasts {
  $toasts: ReadableAtom<Toast[]>;
  show(text: string): void;
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
    show(text) {
      const id = ++next;
      $toasts.set([...$toasts.get(), { id, text }].slice(-3));
      setTimeout(() => dismiss(id), TOAST_TIMEOUT_MS);
    },
  };
}

/** The toast region of a queue (render once per element, inside its shadow root). */
export function ToastArea({ toasts, t }: { toasts: Toasts; t: Translate }) {
  const list = useStore(toasts.$toasts);
  return (
    <div className={css.toastRegion} role="status" aria-live="polite" aria-label={t('admin.toasts')}>
      {list.map((toast) => (
        <div key={toast.id} className={css.toast} data-toast="">
          <span>{toast.text}</span>
          <button type="button" className={css.toastClose} aria-label={t('admin.close')} onClick={() => toasts.dismiss(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
