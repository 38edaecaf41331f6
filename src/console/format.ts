// Display formatting for the console tables and panels (the CSV keeps raw values).
import { formatAmount } from '../ui/format/amount';
import { formatDateTime } from '../ui/format/dateTime';
import { humanize } from './statusText';

let isoCurrencies: ReadonlySet<string> | undefined;

/** ISO 4217 codes are fiat; anything else (BTC, USDT) is a crypto ticker. */
function isFiat(code: string): boolean {
  isoCurrencies ??= new Set(
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : [],
  );
  return isoCurrencies.has(code.toUpperCase());
}

/** "£337.00", "416.907737 USDT"; '' when there is no amount. */
export function money(amount: number | undefined, currency: string | undefined): string {
  if (amount === undefined) return '';
  return formatAmount(amount, { kind: currency && isFiat(currency) ? 'fiat' : 'crypto', currency });
}

export const dateTime = (iso: string | undefined): string =>
  iso === undefined ? '' : formatDateTime(iso, { dateStyle: 'medium', timeStyle: 'medium' });

/** The trade's direction in a word: "Buy", "Sell" (other types as words). */
export function tradeText(transactionType: string | undefined): string {
  if (transactionType === undefined) return '';
  if (transactionType === 'CRYPTO_PURCHASE') return 'Buy';
  if (transactionType === 'CRYPTO_SELL') return 'Sell';
  return humanize(transactionType);
}

const METHOD_NAMES: Record<string, string> = {
  CREDIT_DEBIT_CARD: 'Credit or debit card',
  APPLE_PAY: 'Apple Pay',
  GOOGLE_PAY: 'Google Pay',
  ACH: 'Bank transfer (ACH)',
  SEPA: 'SEPA bank transfer',
  FASTER_PAYMENTS: 'Faster Payments',
  PIX: 'Pix',
};

/** "Faster Payments" for FASTER_PAYMENTS; other codes as words. */
export const methodText = (code: string | undefined): string =>
  code === undefined ? '' : (METHOD_NAMES[code] ?? humanize(code));

let regions: Intl.DisplayNames | null | undefined;
/** "United Kingdom (GB)" for GB, through Intl.DisplayNames; the code alone when unknown. */
export function countryText(code: string | undefined): string {
  if (code === undefined) return '';
  if (regions === undefined) {
    try {
      regions = new Intl.DisplayNames(['en'], { type: 'region' });
    } catch {
      regions = null;
    }
  }
  let name: string | undefined;
  try {
    name = regions?.of(code);
  } catch {
    name = undefined;
  }
  return name && name !== code ? `${name} (${code})` : code;
}
