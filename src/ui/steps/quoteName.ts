// A quote radio's name (CONTRACTS §3: it begins with the partner). The ranking is in src/checkout.
import type { Direction, Quote } from '../../api/types';
import type { Translator } from '../i18n';
import { cryptoText, fiatText } from './labels';
import { partnerName } from './partners';

/** "Banxa: you get 0.0312 ETH for $100.00": the radio's name begins with the partner. */
export function quoteName(q: Quote, direction: Direction, t: Translator, cryptoDecimals?: number): string {
  const buy = direction === 'buy';
  const crypto = (amount: number, code: string) => cryptoText(amount, code, t.locale, cryptoDecimals);
  const fiat = (amount: number, code: string) => fiatText(amount, code, t.locale);
  return t('quote.name', {
    partner: partnerName(q.serviceProvider),
    get: (buy ? crypto : fiat)(q.destinationAmount, q.destinationCurrencyCode),
    pay: (buy ? fiat : crypto)(q.sourceAmount, q.sourceCurrencyCode),
  });
}
