import { dateTimeFormat } from './intl';

export interface DateTimeFormat {
  locale?: string;
  dateStyle?: Intl.DateTimeFormatOptions['dateStyle'];
  timeStyle?: Intl.DateTimeFormatOptions['timeStyle'];
  timeZone?: string;
}

/** An ISO string, epoch milliseconds or Date, as "Jan 5, 2026, 3:04 PM"; '' when not a date. */
export function formatDateTime(value: string | number | Date, o: DateTimeFormat = {}): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const { locale, dateStyle = 'medium', timeStyle = 'short', timeZone } = o;
  try {
    return dateTimeFormat(
      locale,
      timeZone ? { dateStyle, timeStyle, timeZone } : { dateStyle, timeStyle },
    ).format(date);
  } catch {
    return dateTimeFormat(locale, { dateStyle, timeStyle }).format(date); // unknown time zone: the viewer's own
  }
}
