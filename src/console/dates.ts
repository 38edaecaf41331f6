// Dates as the listings want them: `from` is a calendar date (YYYY-MM-DD); `startDate` and
// `endDate` are UTC instants to the second, exactly `YYYY-MM-DDThh:mm:ssZ`. The date-range inputs
// (`datetime-local`) speak the viewer's local time, so the conversion happens here, in one place.

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const UTC_SECONDS = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/;
/** What a `datetime-local` input yields: minutes, or seconds (with `step`), maybe milliseconds. */
const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/;

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

function validParts(y: number, mo: number, d: number, h = 0, mi = 0, s = 0): boolean {
  return y >= 1000 && mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y, mo) && h < 24 && mi < 60 && s < 60;
}

const nums = (m: RegExpExecArray) => m.slice(1).map((part) => (part === undefined ? 0 : Number(part)));

/** A real calendar date in the form YYYY-MM-DD (2026-02-30 is not one). */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = nums(m) as [number, number, number];
  return validParts(y, mo, d);
}

/** Exactly `YYYY-MM-DDThh:mm:ssZ`, naming a real instant. */
export function isUtcTimestamp(value: string): boolean {
  const m = UTC_SECONDS.exec(value);
  if (!m) return false;
  const [y, mo, d, h, mi, s] = nums(m) as [number, number, number, number, number, number];
  return validParts(y, mo, d, h, mi, s);
}

/** A Date as `YYYY-MM-DDThh:mm:ssZ` (milliseconds dropped); undefined outside years 1000–9999. */
export function toUtcSeconds(date: Date): string | undefined {
  if (Number.isNaN(date.getTime())) return undefined;
  const text = `${date.toISOString().slice(0, 19)}Z`;
  return isUtcTimestamp(text) ? text : undefined;
}

/**
 * A `datetime-local` value, read in the viewer's time zone, as the UTC instant the listing wants.
 * Undefined when the value is empty or not a real date and time.
 */
export function localInputToUtc(value: string): string | undefined {
  const m = LOCAL_INPUT.exec(value);
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = nums(m) as [number, number, number, number, number, number];
  if (!validParts(y, mo, d, h, mi, s)) return undefined;
  // The Date constructor reads its parts as local time; in a DST gap it moves forward, as clocks do.
  const local = new Date(y, mo - 1, d, h, mi, s);
  return toUtcSeconds(local);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A UTC instant as the `datetime-local` value (with seconds) showing it in the viewer's time zone. */
export function utcToLocalInput(utc: string): string {
  if (!isUtcTimestamp(utc)) return '';
  const t = new Date(utc);
  return (
    `${pad(t.getFullYear(), 4)}-${pad(t.getMonth() + 1)}-${pad(t.getDate())}` +
    `T${pad(t.getHours())}:${pad(t.getMinutes())}:${pad(t.getSeconds())}`
  );
}
