// What verification an offer needs, as the partner's route publishes it (`kycLimits`: the amount
// each verification level allows, per limit type and currency). Only level 1 of the first entry for
// the offer's fiat and country is read: up to it the partner's lightest check applies, above it an
// ID is needed. No published level: nothing is said.
import type { Direction, Quote, Route } from '../api/types';

/** The limit types the service documents. */
export const LIMIT_TYPES = ['TRANSACTION', 'DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
export type LimitType = (typeof LIMIT_TYPES)[number];

export interface Verification {
  /** The offer's fiat amount is within level 1. */
  light: boolean;
  /** Level 1's limit, in `currency`. */
  limit: number;
  limitType: LimitType;
  currency: string;
}

/** The offer's verification by the partner's `kycLimits` for this country and fiat; undefined without data. */
export function verificationOf(
  routes: readonly Route[],
  q: Quote,
  direction: Direction,
  country: string | undefined,
): Verification | undefined {
  const buy = direction === 'buy';
  const currency = buy ? q.sourceCurrencyCode : q.destinationCurrencyCode;
  const amount = buy ? q.sourceAmount : q.destinationAmount;
  const level = routes
    .find((r) => r.partner === q.serviceProvider)
    ?.kycLimits.find(
      (k) =>
        LIMIT_TYPES.includes(k.limitType as LimitType) &&
        (k.level1 ?? 0) > 0 &&
        k.currencyCode?.toUpperCase() === currency &&
        (!k.countryCode || k.countryCode === country),
    );
  if (!level) return undefined;
  const limit = level.level1!;
  return { light: amount <= limit, limit, limitType: level.limitType as LimitType, currency };
}
