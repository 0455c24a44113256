/**
 * The "Acting in <account>" banner (issue 34 item 3): shown above every admin element of the app while it acts in a
 * sub-account (./acting.ts), with the way back to the user's own account. The banner is a labelled region that takes
 * the focus when an account is entered (the view under it changed); the way back is its button (Tab reaches it, Enter
 * or Space presses it), after which the focus goes to `returnFocus` (the element's content) and a live region says
 * where the user is.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, type RefObject } from 'react';
import type { FeApp } from '../../app/types.ts';
import type { Translate } from '../../i18n/index.ts';
import * as css from '../ui/admin.css.ts';
import { actingAccount, actingNotice, leaveAccount } from './acting.ts';

/** The banner of `app`'s acting state, and the live region that announces the way back. */
export function ActingBanner({ app, t, returnFocus }: { app: FeApp; t: Translate; returnFocus: RefObject<HTMLElement | null> }) {
  const account = useStore(actingAccount(app));
  const notice = useStore(actingNotice(app));
  const own = useStore(app.stores.$tenants).activeTenant?.name;
  const banner = useRef<HTMLDivElement>(null);
  const shown = account?.tenantId ?? null;
  useEffect(() => {
    if (shown) banner.current?.focus();
  }, [shown]);
  const leave = () => {
    leaveAccount(app);
    // the focus goes to what is shown under the banner (focusable for that moment only: a click there takes no focus)
    const target = returnFocus.current;
    if (!target) return;
    target.setAttribute('tabindex', '-1');
    target.addEventListener('blur', () => target.removeAttribute('tabindex'), { once: true });
    target.focus();
  };
  return (
    <>
      {account ? (
        <div ref={banner} className={css.actingBanner} role="region" aria-label={t('admin.acting.in', { account: account.name })} tabIndex={-1} part="acting">
          <p className={css.flush}>
            <strong>{t('admin.acting.in', { account: account.name })}</strong> <span className={css.muted}>{t('admin.acting.note', { account: account.name })}</span>
          </p>
          <button type="button" className={css.secondaryButton} onClick={leave}>
            {own ? t('admin.acting.backTo', { account: own }) : t('admin.acting.back')}
          </button>
        </div>
      ) : null}
      <p className={css.visuallyHidden} role="status">
        {!account && notice ? t(notice.kind === 'ended' ? 'admin.acting.ended' : 'admin.acting.left', { account: notice.name }) : ''}
      </p>
    </>
  );
}
