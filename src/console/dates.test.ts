import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isIsoDate, isUtcTimestamp, localInputToUtc, toUtcSeconds, utcToLocalInput } from './dates';

// The conversions read the viewer's time zone: pin it (Node re-reads TZ when it is assigned).
const originalTz = process.env.TZ;
const useZone = (zone: string) => {
  process.env.TZ = zone;
};
afterAll(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

const UTC_FORM = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

describe('date-range inputs → startDate/endDate (YYYY-MM-DDThh:mm:ssZ, UTC)', () => {
  describe('in New York', () => {
    beforeAll(() => useZone('America/New_York'));

    it('converts summer time (UTC-4) and winter time (UTC-5)', () => {
      expect(localInputToUtc('2026-09-01T03:00')).toBe('2026-09-01T07:00:00Z');
      expect(localInputToUtc('2026-12-01T03:00:15')).toBe('2026-12-01T08:00:15Z');
    });

    it('crosses the date line into the next UTC day', () => {
      expect(localInputToUtc('2026-12-31T22:30:00')).toBe('2027-01-01T03:30:00Z');
    });

    it('drops milliseconds', () => {
      expect(localInputToUtc('2026-09-01T03:00:05.999')).toBe('2026-09-01T07:00:05Z');
    });

    it('shows a UTC instant as local time, with seconds', () => {
      expect(utcToLocalInput('2026-09-01T07:00:05Z')).toBe('2026-09-01T03:00:05');
      expect(utcToLocalInput('2027-01-01T03:30:00Z')).toBe('2026-12-31T22:30:00');
    });
  });

  describe('in a zone without daylight saving (Asia/Kolkata, UTC+5:30)', () => {
    beforeAll(() => useZone('Asia/Kolkata'));

    it('converts half-hour offsets', () => {
      expect(localInputToUtc('2026-09-01T05:30')).toBe('2026-09-01T00:00:00Z');
      expect(localInputToUtc('2026-09-01T00:00:00')).toBe('2026-08-31T18:30:00Z');
    });

    it('round-trips every instant: UTC → input → UTC', () => {
      fc.assert(
        fc.property(
          fc.date({
            min: new Date(Date.UTC(1990, 0, 1)),
            max: new Date(Date.UTC(2090, 0, 1)),
            noInvalidDate: true,
          }),
          (d) => {
            const utc = toUtcSeconds(d)!;
            const back = localInputToUtc(utcToLocalInput(utc));
            expect(back).toBe(utc);
            expect(back).toMatch(UTC_FORM);
          },
        ),
      );
    });
  });

  it.each([
    '',
    '2026-09-01',
    '2026-09-01 03:00',
    '2026-02-30T10:00',
    '2026-09-01T24:00',
    '2026-13-01T00:00',
    '0999-01-01T00:00',
  ])('refuses %j', (value) => {
    expect(localInputToUtc(value)).toBeUndefined();
  });
});

describe('date validators', () => {
  it('accepts only real calendar dates as YYYY-MM-DD', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-9-01')).toBe(false);
  });

  it('accepts only the exact UTC seconds form', () => {
    expect(isUtcTimestamp('2026-09-01T07:00:00Z')).toBe(true);
    expect(isUtcTimestamp('2026-09-01T07:00:00.000Z')).toBe(false);
    expect(isUtcTimestamp('2026-09-01T07:00:00+00:00')).toBe(false);
    expect(isUtcTimestamp('2026-09-01T07:00Z')).toBe(false);
    expect(isUtcTimestamp('2026-09-31T07:00:00Z')).toBe(false);
    expect(utcToLocalInput('not a date')).toBe('');
  });
});
