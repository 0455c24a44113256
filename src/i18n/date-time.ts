/**
 * The one date and time formatter of the portal (admin spec §3 "Account settings": the account's date format, time
 * format and time zone): a moment shown in the account's time zone (else the browser's), with the account's patterns
 * (else the locale's medium date and short time), month names and AM/PM markers in the locale. Pure, no DOM.
 *
 * Patterns, as the account settings offer them: `yyyy` year, `MMM` month name, `MM` month, `dd` / `d` day, `HH` 24-hour,
 * `hh` / `h` 12-hour, `mm` minutes, `a` AM/PM.
 */

/** How dates show: the locale, and the account's time zone and patterns when set (empty or absent: the defaults). */
export interface DateTimeSettings {
  locale: string;
  timeZone?: string | null;
  dateFormat?: string | null;
  timeFormat?: string | null;
}

const TOKENS = /yyyy|MMM|MM|dd|d|HH|hh|h|mm|a/g;

/** A time zone `Intl` knows, else undefined (the browser's): a stored zone the browser lacks does not throw. */
function knownZone(timeZone: string | null | undefined): string | undefined {
  if (!timeZone) return undefined;
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return timeZone;
  } catch {
    return undefined;
  }
}

/** `pattern` applied to `date` as seen in `timeZone` (the browser's when absent), month names in `locale`. */
export function formatPattern(date: Date, pattern: string, locale: string, timeZone?: string | null): string {
  const zone = knownZone(timeZone);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  ) as Record<string, string>;
  const hours = Number(parts.hour) % 24;
  const h12 = hours % 12 || 12;
  const pad = (n: number | string) => String(n).padStart(2, '0');
  const values: Record<string, string> = {
    yyyy: parts.year,
    MMM: new Intl.DateTimeFormat(locale, { timeZone: zone, month: 'short' }).format(date),
    MM: pad(parts.month),
    dd: pad(parts.day),
    d: String(Number(parts.day)),
    HH: pad(hours),
    hh: pad(h12),
    h: String(h12),
    mm: pad(parts.minute),
    a: hours < 12 ? 'AM' : 'PM',
  };
  return pattern.replace(TOKENS, (token) => values[token] ?? token);
}

/**
 * `value` (an ISO string, epoch milliseconds or a Date) as the account shows dates — with its time too when `time` —
 * or `''` when there is none or it is not a date.
 * @example formatDateTime('2025-12-31T16:05:00Z', { locale: 'en', timeZone: 'UTC', dateFormat: 'dd.MM.yyyy', timeFormat: 'HH:mm' }, { time: true }) === '31.12.2025 16:05'
 */
export function formatDateTime(value: string | number | Date | null | undefined, settings: DateTimeSettings, options: { time?: boolean } = {}): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const zone = knownZone(settings.timeZone);
  const day = settings.dateFormat
    ? formatPattern(date, settings.dateFormat, settings.locale, zone)
    : new Intl.DateTimeFormat(settings.locale, { timeZone: zone, year: 'numeric', month: 'short', day: 'numeric' }).format(date);
  if (!options.time) return day;
  const time = settings.timeFormat
    ? formatPattern(date, settings.timeFormat, settings.locale, zone)
    : new Intl.DateTimeFormat(settings.locale, { timeZone: zone, hour: 'numeric', minute: '2-digit' }).format(date);
  return `${day} ${time}`;
}
