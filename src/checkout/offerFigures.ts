// An offer's figures as the checkout hands them on (its events, the device's recent orders): what the
// shopper pays and gets, and from whom, amounts as decimal strings ("0.0000001", never "1e-7"), as in
// the webhooks.
import type { Quote } from '../api/types';
import { decimalFromNumber } from '../domain/decimal';

export interface OfferFigures {
  partner: string;
  sourceAmount: string;
  sourceCurrency: string;
  destinationAmount: string;
  destinationCurrency: string;
  /** In the fiat currency. */
  totalFee?: string;
}

/** A JSON number of the service as a decimal string. */
export const decimalOf = (n: number): string => decimalFromNumber(n) ?? String(n);

export const offerFigures = (q: Quote): OfferFigures => ({
  partner: q.serviceProvider,
  sourceAmount: decimalOf(q.sourceAmount),
  sourceCurrency: q.sourceCurrencyCode,
  destinationAmount: decimalOf(q.destinationAmount),
  destinationCurrency: q.destinationCurrencyCode,
  ...(q.totalFee !== undefined ? { totalFee: decimalOf(q.totalFee) } : {}),
});
