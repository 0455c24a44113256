/**
 * The idle sign-out warning of `<fe-app>` (issue 22 item 2 "In the browser", SI-3.11): a modal alert dialog shown
 * one minute before an idle user is signed out. Focus moves to "Stay signed in" (primary); Escape also stays; "Sign
 * out" ends the session now. The countdown text changes at most once a second and is not live: the dialog's
 * description is read when it opens, and a polite status announces the time left only at
 * {@link IDLE_ANNOUNCE_AT_SECONDS}.
 */
import { useEffect, useId, useRef, type KeyboardEvent, type SyntheticEvent } from 'react';
import type { Translate } from '../../i18n/index.ts';
import * as css from './idle-warning.css.ts';

/** Seconds left at which the status region speaks (the opening itself is announced as an alert dialog). */
export const IDLE_ANNOUNCE_AT_SECONDS = [30, 10] as const;

/** `m:ss` of whole seconds (`59` → `0:59`, `75` → `1:15`). */
export function formatTimeLeft(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** Props of {@link IdleWarning}. */
export interface IdleWarningProps {
  t: Translate;
  /** Whole seconds until the sign-out. */
  secondsLeft: number;
  /** "Stay signed in" or Escape. */
  onStay(): void;
  /** "Sign out". */
  onSignOut(): void;
}

/** The warning dialog; shown (modal, in the top layer) while rendered, closed when unmounted. */
export function IdleWarning({ t, secondsLeft, onStay, onSignOut }: IdleWarningProps) {
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const stayRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    // focus goes back where it was (also inside a shadow root) when the warning closes
    let before = document.activeElement;
    while (before?.shadowRoot?.activeElement) before = before.shadowRoot.activeElement;
    if (!dialog.open) dialog.showModal();
    stayRef.current?.focus();
    return () => {
      dialog.close();
      if (before instanceof HTMLElement && before.isConnected) before.focus();
    };
  }, []);
  const time = formatTimeLeft(secondsLeft);
  const mark = [...IDLE_ANNOUNCE_AT_SECONDS].reverse().find((s) => secondsLeft <= s);
  const stay = (e: SyntheticEvent) => {
    e.preventDefault();
    onStay();
  };
  return (
    <dialog
      ref={dialogRef}
      className={css.dialog}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      data-idle-warning=""
      // Escape (the dialog's cancel) means "stay"; the key is handled first so the browser never closes it alone
      onKeyDown={(e: KeyboardEvent) => e.key === 'Escape' && stay(e)}
      onCancel={stay}
    >
      <h2 id={`${id}-title`} className={css.title}>
        {t('idle.title')}
      </h2>
      <p id={`${id}-body`} className={css.body} data-countdown={secondsLeft}>
        {t('idle.body', { time })}
      </p>
      <div role="status" className={css.srOnly}>
        {mark === undefined ? '' : t('idle.remaining', { time: formatTimeLeft(mark) })}
      </div>
      <div className={css.actions}>
        <button type="button" className={css.secondary} data-action="signOut" onClick={onSignOut}>
          {t('idle.signOut')}
        </button>
        <button ref={stayRef} type="button" className={css.primary} data-action="stay" onClick={onStay}>
          {t('idle.stay')}
        </button>
      </div>
    </dialog>
  );
}
