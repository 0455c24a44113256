/** The designed states of every admin view: loading, empty, error (admin spec §4 flags; §8 messages). */
import type { ReactNode } from 'react';
import type { MessageKey, Translate } from '../../i18n/index.ts';
import * as css from './admin.css.ts';
import { useSection, useTranslate } from '../shell/context.ts';

/** A progress line (role status: announced politely). */
export function Loading({ label }: { label: string }) {
  return (
    <div className={css.status} role="status">
      <span className={css.spinner} aria-hidden="true" />
      {label}
    </div>
  );
}

/** An empty state: what is missing and, when given, what to do about it. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className={css.empty}>
      <p className={css.subtitle}>{title}</p>
      {children}
    </div>
  );
}

/**
 * The error slot of a section or dialog (AB-7.75): the normalised message of the failure (error catalogue), as an
 * ARIA alert so it is announced; nothing rendered without an error. `retry` adds a retry button. Its texts are the
 * section's (`useSection().t`); the shell, which renders it outside a section (a chunk that failed to load), gives `t`.
 */
export function ErrorSlot({ error, t: given, retry }: { error: unknown; t?: Translate; retry?: () => void }) {
  const t = useTranslate(given);
  if (!error) return null;
  return (
    <div className={css.alert} role="alert" part="error">
      {messageOf(error, t)}
      {retry && (
        <>
          {' '}
          <button type="button" className={css.iconButton} onClick={retry}>
            {t('admin.retry')}
          </button>
        </>
      )}
    </div>
  );
}

/**
 * The text of a failure: a flow's error (`FlowError` of src/i18n, as the admin machines keep it) by its catalogue key,
 * else the FeApiError's or FlowError's message (already the catalogue's text), else the generic text.
 */
export function messageOf(error: unknown, t: Translate): string {
  if (error && typeof error === 'object') {
    if ('key' in error && typeof error.key === 'string' && error.key) return t(error.key as MessageKey);
    if ('message' in error && typeof error.message === 'string' && error.message) return error.message;
  }
  return t('admin.error.generic');
}

/** What {@link LoadStates} reads: a read's answer so far (a fetcher store's value, a paged list's state). */
export interface ReadState {
  data?: unknown;
  loading: boolean;
  error?: unknown;
}

/**
 * The states around a section's table, list or form (AB-7.75), decided here and nowhere else: the read's failure
 * with a retry button; "Loading…" while the first answer is awaited (nothing to show yet); else `children` once there
 * is something to show (kept data included: a paged list keeps the last page while the next loads) or nothing failed.
 */
export function LoadStates({ state, retry, children }: { state: ReadState; retry: () => void; children: ReactNode }) {
  const { t } = useSection();
  const hasData = state.data !== undefined && state.data !== null;
  return (
    <>
      <ErrorSlot error={state.error} retry={retry} />
      {!hasData && state.loading ? <Loading label={t('admin.loading')} /> : hasData || !state.error ? children : null}
    </>
  );
}
