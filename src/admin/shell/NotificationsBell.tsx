/**
 * The notifications bell in the portal's header (api-contract §AA; AB-7.65; issue 33 item 4): a button with the
 * unread count that opens a popover (react-aria: Enter or Space opens it, focus moves into it, Escape closes it and
 * focus returns to the bell) listing the signed-in user's notifications — unread ones marked, pinned ones first — each
 * with "Mark as read/unread" and "Pin/Unpin", and "Mark all as read". A new unread count is announced (a polite live
 * region) when it changes after the first answer. A failed write puts the list back and says so in the popover; a
 * failed read leaves the bell without a count and shows the failure with a retry inside it.
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { Button, Dialog, DialogTrigger, Heading, Popover } from 'react-aria-components';
import type { Translate } from '../../i18n/index.ts';
import { loadPart, registerPart } from '../../i18n/parts.ts';
import { createNotificationsResource, unreadCount, type AppNotification } from '../resources/notifications.ts';
import * as css from '../ui/admin.css.ts';
import { ErrorSlot, Loading } from '../ui/states.tsx';
import * as bellCss from './bell.css.ts';
import type { SectionValue } from './context.ts';

/**
 * A notification's time in the app's locale (medium date, short time); '' for no date. Intl directly: the portal's
 * account-aware formatter (src/i18n/date-time.ts) would split a chunk off the users section's first row.
 */
function whenText(iso: string, locale: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** The catalogue part of the bell's texts (./messages/<lang>.ts). */
const BELL_PART = 'admin-notifications';
registerPart(BELL_PART, {
  en: () => import('./messages/en.ts').then((m) => m.enAdminNotifications),
  de: () => import('./messages/de.ts').then((m) => m.deAdminNotifications),
  he: () => import('./messages/he.ts').then((m) => m.heAdminNotifications),
});

/** Loads the bell's texts for `locale` (and English) before it renders (src/i18n/parts.ts). */
export function loadBellTexts(locale: string): Promise<void> {
  return loadPart(BELL_PART, locale);
}

/** The bell of the portal whose section value is `value` (its app's resources and locale). */
export function NotificationsBell({ value, t }: { value: Pick<SectionValue, 'app' | 'resources'>; t: Translate }) {
  const notifications = value.resources.use(createNotificationsResource);
  const list = useStore(notifications.$list);
  const locale = useStore(value.app.i18n.$locale);
  const count = list.data ? unreadCount(list.data) : null;
  // the count heard: announced when it changes after the first answer (adjusted during render, React's pattern)
  const [heard, setHeard] = useState<number | null>(count);
  const [announce, setAnnounce] = useState('');
  if (count !== heard) {
    setHeard(count);
    if (heard !== null && count !== null) setAnnounce(t('admin.notifications.unread', { count }));
  }
  const [failure, setFailure] = useState<unknown>(null);
  const write = async (work: () => Promise<void>) => {
    setFailure(null);
    try {
      await work();
    } catch (e) {
      setFailure(e);
    }
  };
  const titleId = 'fe-notifications-title';
  return (
    <div className={bellCss.bellBar}>
      <DialogTrigger>
        {/* named by its text: "Notifications", and with unread ones "Notifications, 2 unread" (the badge is what the eye reads) */}
        <Button className={bellCss.bell} data-notifications-bell="">
          <BellIcon />
          <span>{t('admin.notifications.title')}</span>
          {count ? (
            <>
              <span className={bellCss.bellCount} aria-hidden="true">
                {count}
              </span>
              <span className={css.visuallyHidden}>{t('admin.notifications.unreadSuffix', { count })}</span>
            </>
          ) : null}
        </Button>
        <Popover placement="bottom end" className={bellCss.bellPopover}>
          <Dialog className={bellCss.bellDialog} aria-labelledby={titleId}>
            <div className={css.header}>
              <Heading id={titleId} slot="title" className={css.subtitle}>
                {t('admin.notifications.title')}
              </Heading>
              {count ? (
                <button type="button" className={css.secondaryButton} onClick={() => void write(() => notifications.markAllRead.run())}>
                  {t('admin.notifications.markAllRead')}
                </button>
              ) : null}
            </div>
            <ErrorSlot error={failure} t={t} />
            <ErrorSlot error={list.error} t={t} retry={notifications.refresh} />
            {!list.data && list.loading ? <Loading label={t('admin.loading')} /> : null}
            {list.data && list.data.length === 0 ? <p className={css.muted}>{t('admin.notifications.empty')}</p> : null}
            {list.data?.length ? (
              <ul className={bellCss.bellList} aria-labelledby={titleId}>
                {list.data.map((n) => (
                  <NotificationItem
                    key={n.id}
                    n={n}
                    t={t}
                    when={whenText(n.createdAt, locale)}
                    onStatus={() => void write(() => notifications.setStatus.run({ id: n.id, status: n.status === 'unread' ? 'read' : 'unread' }))}
                    onPin={() => void write(() => notifications.setPinned.run({ id: n.id, pinned: !n.isPinned }))}
                  />
                ))}
              </ul>
            ) : null}
          </Dialog>
        </Popover>
      </DialogTrigger>
      <span className={css.visuallyHidden} aria-live="polite" aria-atomic="true">
        {announce}
      </span>
    </div>
  );
}

/** One notification: its title (and state), body, time, and its two actions. */
function NotificationItem({ n, t, when, onStatus, onPin }: { n: AppNotification; t: Translate; when: string; onStatus: () => void; onPin: () => void }) {
  const unread = n.status === 'unread';
  return (
    <li className={bellCss.bellItem} data-unread={unread || undefined} data-pinned={n.isPinned || undefined} data-notification={n.id}>
      <span className={bellCss.bellItemTitle}>
        {unread ? <span className={css.visuallyHidden}>{t('admin.notifications.unreadMark')} </span> : null}
        {n.title}
        {n.isPinned ? <span className={css.chip}> {t('admin.notifications.pinnedMark')}</span> : null}
      </span>
      {n.body ? <span>{n.body}</span> : null}
      <span className={css.muted}>{when}</span>
      <span className={css.toolbar}>
        <button
          type="button"
          className={css.secondaryButton}
          onClick={onStatus}
          aria-label={t(unread ? 'admin.notifications.markReadFor' : 'admin.notifications.markUnreadFor', { title: n.title })}
        >
          {t(unread ? 'admin.notifications.markRead' : 'admin.notifications.markUnread')}
        </button>
        <button
          type="button"
          className={css.secondaryButton}
          onClick={onPin}
          aria-label={t(n.isPinned ? 'admin.notifications.unpinFor' : 'admin.notifications.pinFor', { title: n.title })}
        >
          {t(n.isPinned ? 'admin.notifications.unpin' : 'admin.notifications.pin')}
        </button>
      </span>
    </li>
  );
}

/** A bell (decorative: the button is named by its text). */
function BellIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}
