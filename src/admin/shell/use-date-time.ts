/**
 * Dates as the account shows them, in every section (admin spec §3 "Account settings": date format, time format, time
 * zone): the one formatter (src/i18n/date-time.ts) with the app's locale and the account's settings — read from the
 * account resource when this admin may read it (else, and until it answers, the locale's defaults in the browser's
 * time zone).
 */
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useCallback } from 'react';
import type { AccountSettings } from '../../api/admin-types.ts';
import { formatDateTime } from '../../i18n/date-time.ts';
import { useSection } from './context.ts';
import { createAccountResource } from '../resources/account.ts';

/** A date (ISO string, epoch ms, Date) as text, with its time when `time`; '' when absent. */
export type DateText = (value: string | number | Date | null | undefined, options?: { time?: boolean }) => string;

/** No settings: an admin who may not read the account's. */
const NO_SETTINGS = atom<{ data?: AccountSettings }>({});

/** The section's date formatter: locale, account date and time formats, account time zone. */
export function useDateTime(): DateText {
  const { app, resources, can } = useSection();
  const locale = useStore(app.i18n.$locale);
  const settings = useStore(can('read', 'account') ? resources.use(createAccountResource).$settings : NO_SETTINGS).data;
  const timeZone = settings?.timezone;
  const dateFormat = settings?.dateFormat;
  const timeFormat = settings?.timeFormat;
  return useCallback<DateText>((value, options) => formatDateTime(value, { locale, timeZone, dateFormat, timeFormat }, options), [locale, timeZone, dateFormat, timeFormat]);
}
