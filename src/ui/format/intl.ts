// Intl formatters are costly to build and cheap to reuse: one per (locale, options).
const numberCache = new Map<string, Intl.NumberFormat>();
const dateCache = new Map<string, Intl.DateTimeFormat>();

function cached<F>(
  cache: Map<string, F>,
  locale: string | undefined,
  options: object,
  make: (l?: string) => F,
) {
  const id = `${locale ?? ''}|${JSON.stringify(options)}`;
  let f = cache.get(id);
  if (!f) {
    try {
      f = make(locale);
    } catch {
      f = make('en'); // a malformed locale tag must not break rendering
    }
    cache.set(id, f);
  }
  return f;
}

export const numberFormat = (locale: string | undefined, options: Intl.NumberFormatOptions) =>
  cached(numberCache, locale, options, (l) => new Intl.NumberFormat(l, options));

export const dateTimeFormat = (locale: string | undefined, options: Intl.DateTimeFormatOptions) =>
  cached(dateCache, locale, options, (l) => new Intl.DateTimeFormat(l, options));

/**
 * Starts the browser's number formatting: a page's first Intl.NumberFormat loads ICU's data (about
 * 170 ms on a slow phone, 2 ms for each after). For a moment the page would spend waiting anyway.
 */
export function startNumberFormatting(locale: string | undefined): void {
  try {
    new Intl.NumberFormat(locale).format(1);
  } catch {
    // A malformed locale tag: the formatters fall back to English when they are made.
  }
}
