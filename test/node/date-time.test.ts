/** The portal's one date and time formatter (src/i18n/date-time.ts): the account's patterns and time zone, the locale. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatDateTime, formatPattern } from '../../src/i18n/date-time.ts';

const moment = '2025-12-31T16:05:00Z';

describe('formatDateTime', () => {
  it('applies the account date and time formats in its time zone', () => {
    assert.equal(formatDateTime(moment, { locale: 'en', timeZone: 'UTC', dateFormat: 'dd.MM.yyyy', timeFormat: 'HH:mm' }, { time: true }), '31.12.2025 16:05');
    assert.equal(formatDateTime(moment, { locale: 'en', timeZone: 'UTC', dateFormat: 'MM/dd/yyyy', timeFormat: 'hh:mm a' }, { time: true }), '12/31/2025 04:05 PM');
    // the same moment is already the next day in Tokyo (UTC+9) and still the 31st, 11:05, in New York (UTC-5)
    assert.equal(formatDateTime(moment, { locale: 'en', timeZone: 'Asia/Tokyo', dateFormat: 'yyyy-MM-dd', timeFormat: 'HH:mm' }, { time: true }), '2026-01-01 01:05');
    assert.equal(formatDateTime(moment, { locale: 'en', timeZone: 'America/New_York', dateFormat: 'd MMM yyyy', timeFormat: 'h:mm a' }, { time: true }), '31 Dec 2025 11:05 AM');
  });

  it('writes month names in the locale', () => {
    assert.equal(formatDateTime(moment, { locale: 'de', timeZone: 'UTC', dateFormat: 'd MMM yyyy' }), '31 Dez 2025');
  });

  it('without account formats: the locale medium date and short time, in the account time zone', () => {
    assert.equal(formatDateTime(moment, { locale: 'en-US', timeZone: 'UTC' }), 'Dec 31, 2025');
    assert.equal(formatDateTime(moment, { locale: 'de-DE', timeZone: 'UTC' }), '31. Dez. 2025');
    assert.equal(formatDateTime(moment, { locale: 'en-US', timeZone: 'Asia/Tokyo' }, { time: true }).replace(/\s/g, ' '), 'Jan 1, 2026 1:05 AM');
  });

  it('shows nothing for no date or a bad one, and ignores a time zone Intl does not know', () => {
    assert.equal(formatDateTime(null, { locale: 'en' }), '');
    assert.equal(formatDateTime('', { locale: 'en' }), '');
    assert.equal(formatDateTime('not a date', { locale: 'en' }), '');
    assert.equal(formatDateTime(moment, { locale: 'en', timeZone: 'Mars/Olympus', dateFormat: 'yyyy' }), '2025');
  });

  it('formatPattern: midnight and noon on a 12-hour clock', () => {
    assert.equal(formatPattern(new Date('2025-06-01T00:07:00Z'), 'hh:mm a', 'en', 'UTC'), '12:07 AM');
    assert.equal(formatPattern(new Date('2025-06-01T12:07:00Z'), 'h:mm a', 'en', 'UTC'), '12:07 PM');
  });
});
