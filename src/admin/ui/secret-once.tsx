/**
 * The kit's secret shown once (issue 30 item 3): a token, a client secret or a SCIM bearer token that the server will
 * never send again. The warning first, then each value with its Copy button (../ui/copy-field.tsx), then Done. Done
 * closes at once after a copy; before any copy it asks first ("not copied: it won't be shown again"), with the safe
 * choice — back to the secret — focused and emphasised. The dialog around it should not close on Escape or a click
 * outside while it shows (`AdminDialog` `dismissable={false}`), so Done is the one way out.
 */
import { useState, type ReactNode } from 'react';
import * as css from './admin.css.ts';
import { CopyField } from './copy-field.tsx';
import { DoneActions } from './form.tsx';
import { useSection } from '../shell/context.ts';

/** One value of a secret panel: `id` marks it (`data-copy-value`) and makes its element ids unique. */
export interface SecretItem {
  id: string;
  label: string;
  value: string;
}

/**
 * The panel: `warning` (an alert), `children` (setup hints, between the warning and the values), the `items` to copy,
 * then Done, which calls `onDone` once the admin copied a value or confirmed closing without.
 */
export function SecretOnce({ warning, items, onDone, children }: { warning: string; items: SecretItem[]; onDone: () => void; children?: ReactNode }) {
  const { t } = useSection();
  const [kept, setKept] = useState(false);
  const [asking, setAsking] = useState(false);
  return (
    <div className={css.form}>
      <p className={css.alert}>
        <strong>{warning}</strong>
      </p>
      {children}
      {items.map((item) => (
        <CopyField key={item.id} id={item.id} label={item.label} value={item.value} onCopied={() => setKept(true)} />
      ))}
      {asking ? (
        <div className={css.form} role="alert">
          <p className={css.fieldError}>{t('admin.secretOnce.notCopied')}</p>
          <div className={css.dialogActions}>
            <button type="button" className={css.secondaryButton} onClick={onDone}>
              {t('admin.secretOnce.closeAnyway')}
            </button>
            <button type="button" className={css.button} onClick={() => setAsking(false)} autoFocus>
              {t('admin.secretOnce.back')}
            </button>
          </div>
        </div>
      ) : (
        <DoneActions label={t('admin.done')} onDone={() => (kept ? onDone() : setAsking(true))} />
      )}
    </div>
  );
}
