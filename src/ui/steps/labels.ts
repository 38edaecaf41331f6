// Option names (CONTRACTS §3): each contains the code the shopper and the tests look for.
import type { Country, Currency } from '../../api/types';
import { formatAmount } from '../format';
import { displayName } from '../format/displayNames';
import { networkName } from '../format/networks';

/** "Italy": a country's name in the shopper's language, also one the service does not list. */
export const countryName = (code: string, locale: string): string =>
  displayName('region', code, locale) ?? code;

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
  `${displayName('region', c.countryCode, locale) ?? c.name} (${c.countryCode})`;

/** "USD · US Dollar"; the name in the shopper's language when the browser has it, else the service's. */
export const fiatLabel = (c: Currency, locale?: string): string =>
  `${c.currencyCode} · ${displayName('currency', c.currencyCode, locale) ?? c.name}`;

/** "USDC · USD Coin · Solana": the network tells apart the same code on several chains. */
export const cryptoLabel = (c: Currency): string =>
  [c.currencyCode, c.name, c.chainCode && networkName(c.chainCode)].filter(Boolean).join(' · ');

/** An image URL for an option icon; emoji flags and tickers are not images. */
export const iconOf = (symbol: string | undefined): string | undefined =>
  symbol && /^(https?:|data:image\/|\/)/.test(symbol) ? symbol : undefined;

export const fiatText = (amount: number | string, currency: string, locale: string): string =>
  formatAmount(amount, { currency, kind: 'fiat', locale });

export const cryptoText = (amount: number | string, currency: string, locale: string, decimals?: number) =>
  formatAmount(amount, { currency, kind: 'crypto', decimals, locale });
