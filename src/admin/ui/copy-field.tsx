/**
 * The kit's copyable value (issue 30 item 3): an address, an ID, a DNS record or a secret shown once, in a code box
 * under its label, with a Copy button whose result ("Copied", or "copy it yourself") is announced in a live region.
 * `navigator.clipboard` needs a secure context and the page's permission; without them the copy fails and the admin
 * selects the value by hand (the text stays selectable). One place for what SSO, provisioning, API tokens and the
 * invitation link each wrote for themselves.
 */
import { useState } from 'react';
import * as css from './admin.css.ts';
import { useSection } from '../shell/context.ts';

/** The result of the last copy: null before one (or while it runs), then whether the clipboard took it. */
export type CopyResult = boolean | null;

/**
 * A copy action and its result: `copy(text)` writes to the clipboard; `copied` is `true` after it did (and
 * `onCopied` ran), `false` when it could not (no secure context, refused), `null` before the first copy and while one
 * runs.
 */
export function useCopy(onCopied?: () => void): { copied: CopyResult; copy: (text: string) => void } {
  const [copied, setCopied] = useState<CopyResult>(null);
  const copy = (text: string) => {
    setCopied(null);
    const write = navigator.clipboard?.writeText(text) ?? Promise.reject(new Error('no clipboard'));
    write.then(
      () => {
        setCopied(true);
        onCopied?.();
      },
      () => setCopied(false),
    );
  };
  return { copied, copy };
}

/** The announced result of a copy ("Copied" or how to copy by hand), empty before one: a polite live region. */
export function CopyStatus({ copied }: { copied: CopyResult }) {
  const { t } = useSection();
  return (
    <span role="status" className={copied === false ? css.fieldError : css.hint}>
      {copied === null ? '' : copied ? t('admin.copied') : t('admin.copyFailed')}
    </span>
  );
}

/**
 * One value with its label and a Copy button (named "Copy <label>" for screen readers). `id` makes the element ids
 * unique on the page and marks the value (`data-copy-value`); `onCopied` hears each successful copy (a secret shown
 * once counts it as kept).
 */
export function CopyField({ id, label, value, onCopied }: { id: string; label: string; value: string; onCopied?: () => void }) {
  const { t } = useSection();
  const { copied, copy } = useCopy(onCopied);
  return (
    <div className={css.field}>
      <span className={css.label} id={`${id}-label`}>
        {label}
      </span>
      <code className={css.secret} aria-labelledby={`${id}-label`} data-copy-value={id}>
        {value}
      </code>
      <span className={css.toolbar}>
        <button type="button" className={css.secondaryButton} aria-label={t('admin.copyLabel', { what: label })} onClick={() => copy(value)}>
          {t('admin.copy')}
        </button>
        <CopyStatus copied={copied} />
      </span>
    </div>
  );
}
