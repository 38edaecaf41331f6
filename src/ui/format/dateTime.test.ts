import { describe, expect, it } from 'vitest';
import { formatDateTime } from './dateTime';

describe('formatDateTime', () => {
  it('formats ISO strings in a time zone and rejects non-dates', () => {
    expect(formatDateTime('2026-02-03T14:05:00Z', { locale: 'en-US', timeZone: 'UTC' })).toMatch(
      /^Feb 3, 2026, 2:05\sPM$/,
    );
    expect(formatDateTime('not a date')).toBe('');
  });

  it('ignores an unknown time zone rather than throwing', () => {
    expect(formatDateTime(0, { locale: 'en-US', timeZone: 'Mars/Olympus' })).toMatch(/1970|1969/);
  });
});
