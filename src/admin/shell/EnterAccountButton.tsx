/**
 * "Enter" for one account (issue 34 item 3): the entry point of the account tree (src/admin/all-accounts/, ui-tree)
 * into acting in a sub-account. It mints the account's token (./enter-account.ts `enterAccount`); once in, the portal shows
 * the account's users (its navigation keeps the account's sections: ./acting.ts `ACTING_SECTIONS`) under the "Acting
 * in" banner. A refusal ("No access") is said in an error toast (an alert) and nothing is entered; the button shows
 * progress meanwhile.
 */
import { useState } from 'react';
import { useSection } from './context.ts';
import * as css from '../ui/admin.css.ts';
import { messageOf } from '../ui/states.tsx';
import { enterAccount, NoAccessError } from './enter-account.ts';

/** The button that enters account `tenantId` (`name` is what the banner says); `onEntered` after it is entered. */
export function EnterAccountButton({ tenantId, name, onEntered }: { tenantId: string; name: string; onEntered?: () => void }) {
  const { app, t, toasts, sectionOpener } = useSection();
  const [busy, setBusy] = useState(false);
  const enter = async () => {
    if (busy) return;
    setBusy(true);
    // the portal's navigation to the users section, asked before entering (the user's own rights decide it)
    const openUsers = sectionOpener('users');
    try {
      const entered = await enterAccount(app, { tenantId, name });
      if (entered) openUsers?.(null);
      onEntered?.();
    } catch (error) {
      toasts.show(error instanceof NoAccessError ? t('admin.acting.noAccess', { account: name }) : messageOf(error, t), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className={css.secondaryButton}
      aria-label={t('admin.acting.enterAccount', { account: name })}
      aria-disabled={busy || undefined}
      onClick={() => void enter()}
    >
      {busy ? t('admin.acting.entering') : t('admin.acting.enter')}
    </button>
  );
}
