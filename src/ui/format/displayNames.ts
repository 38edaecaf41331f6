// Region and currency names in the shopper's language (Intl.DisplayNames), one formatter per locale
// and kind. Undefined where the browser has no name (then callers show the upstream's own name).
type Kind = 'region' | 'currency';

const cache = new Map<string, Intl.DisplayNames | null>();

function names(kind: Kind, locale: string): Intl.DisplayNames | null {
  const key = `${kind}|${locale}`;
  let n = cache.get(key);
  if (n === undefined) {
    try {
      // fallback 'none': an unknown code answers undefined instead of echoing the code.
      n = new Intl.DisplayNames([locale], { type: kind, fallback: 'none' });
    } catch {
      n = null; // a malformed locale, or an engine without DisplayNames
    }
    cache.set(key, n);
  }
  return n;
}

/** The name of a region ("DE") or an ISO 4217 currency ("EUR") in `locale`, if the browser knows it. */
export function displayName(kind: Kind, code: string, locale: string | undefined): string | undefined {
  if (!locale) return undefined;
  try {
    return names(kind, locale)?.of(code) || undefined;
  } catch {
    return undefined; // a code DisplayNames refuses (not two letters / three letters)
  }
}
