import { numberFormat } from './intl';

export interface AmountFormat {
  /** Currency code shown with the number (ISO 4217 for fiat, a ticker for crypto). */
  currency?: string;
  /**
   * The currency's decimal places. Crypto: an upper bound (capped at 8), trailing zeros trimmed.
   * Fiat: used only for codes Intl does not know; ISO 4217 codes use their own minor units.
   */
  decimals?: number;
  locale?: string;
  kind: 'fiat' | 'crypto';
  /** A round figure (a published limit): fiat shows no minor units when it has none ("$150"). */
  round?: boolean;
}

/** Most decimals a crypto amount ever shows: more is noise to a shopper. */
const MAX_CRYPTO_DECIMALS = 8;

let isoCodes: Set<string> | undefined;
function isIsoCurrency(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  isoCodes ??= new Set(
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : [],
  );
  return isoCodes.size === 0 || isoCodes.has(code);
}

// Intl formats decimal strings exactly, so a string stays a string (no float rounding of 18-decimal amounts).
function toFormattable(value: number | string): number | string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  const s = value.trim();
  return /^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(s) ? s : undefined;
}

const clampDecimals = (d: number | undefined, fallback: number, max = 20) =>
  d === undefined || !Number.isFinite(d) ? fallback : Math.min(Math.max(Math.trunc(d), 0), max);

export function formatAmount(value: number | string, o: AmountFormat): string {
  const v = toFormattable(value);
  if (v === undefined) return String(value);
  const code = o.currency?.toUpperCase();
  const format = (n: number | string, opts: Intl.NumberFormatOptions) =>
    // Intl accepts decimal strings at runtime (NumberFormat v3); its types lag behind.
    numberFormat(o.locale, opts).format(n as number);

  if (o.kind === 'fiat' && code && isIsoCurrency(code)) {
    // Currency style knows each currency's minor units (JPY: none, USD: 2).
    return format(v, {
      style: 'currency',
      currency: code,
      ...(o.round && { trailingZeroDisplay: 'stripIfInteger' }),
    } as Intl.NumberFormatOptions);
  }
  const digits =
    o.kind === 'fiat'
      ? clampDecimals(o.decimals, 2)
      : clampDecimals(o.decimals, MAX_CRYPTO_DECIMALS, MAX_CRYPTO_DECIMALS);
  const options: Intl.NumberFormatOptions =
    o.kind === 'fiat'
      ? { minimumFractionDigits: digits, maximumFractionDigits: digits }
      : { minimumFractionDigits: 0, maximumFractionDigits: digits };
  let text = format(v, options);
  // Dust that only the 8-decimal cap rounds to "0" shows its significant digits instead.
  const capped = (o.decimals ?? Infinity) > digits;
  if (o.kind === 'crypto' && capped && Number(v) !== 0 && Number(text.replace(/\D/g, '')) === 0) {
    text = format(v, { maximumSignificantDigits: 2 });
  }
  return code ? `${text}\u00a0${code}` : text;
}

/** `ratio` is a fraction: 0.015 → "1.5%". */
export function formatPercent(
  ratio: number,
  o: { locale?: string; maximumFractionDigits?: number } = {},
): string {
  return numberFormat(o.locale, {
    style: 'percent',
    maximumFractionDigits: o.maximumFractionDigits ?? 2,
  }).format(ratio);
}
