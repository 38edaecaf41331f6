// Option names (CONTRACTS §3): each contains the code the shopper and the tests look for.
import type { Country, Currency } from '../../api/types';
import { formatAmount } from '../format';

const regionNames = new Map<string, Intl.DisplayNames | null>();
function regionName(code: string, locale: string | undefined): string | undefined {
  if (!locale) return undefined;
  let names = regionNames.get(locale);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([locale], { type: 'region' });
    } catch {
      names = null;
    }
    regionNames.set(locale, names);
  }
  try {
    return names?.of(code);
  } catch {
    return undefined;
  }
}

/** "Italy": a country's name in the shopper's language, also one the service does not list. */
export const countryName = (code: string, locale: string): string => regionName(code, locale) ?? code;

/** A canonical amount ("0.05") as the shopper would type it in their language ("0,05"). */
export function localAmount(amount: string, locale: string): string {
  let decimal = '.';
  try {
    decimal =
      new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
  } catch {
    // An unknown locale: the canonical form.
  }
  return decimal === ',' ? amount.replace('.', ',') : amount;
}

/** "United States (US)"; in the shopper's language through Intl.DisplayNames when `locale` is given. */
export const countryLabel = (c: Country, locale?: string): string =>
  `${regionName(c.countryCode, locale) ?? c.name} (${c.countryCode})`;

/** "USD · US Dollar". */
export const fiatLabel = (c: Currency): string => `${c.currencyCode} · ${c.name}`;

/** "USDC · USD Coin · SOLANA": the chain tells apart the same code on several networks. */
export const cryptoLabel = (c: Currency): string =>
  [c.currencyCode, c.name, c.chainCode].filter(Boolean).join(' · ');

/** An image URL for an option icon; emoji flags and tickers are not images. */
export const iconOf = (symbol: string | undefined): string | undefined =>
  symbol && /^(https?:|data:image\/|\/)/.test(symbol) ? symbol : undefined;

export const fiatText = (amount: number | string, currency: string, locale: string): string =>
  formatAmount(amount, { currency, kind: 'fiat', locale });

export const cryptoText = (amount: number | string, currency: string, locale: string, decimals?: number) =>
  formatAmount(amount, { currency, kind: 'crypto', decimals, locale });
