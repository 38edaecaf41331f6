// Pricing: one quote per partner from the seeded mid rates, the partner's spread and fees, and
// the choice of which offer (method, chain) a request means. Shared by the quote call, session
// creation and the seeded history, so all three agree.

import type { Category } from '../api/types';
import { addressFamily, FAMILY_OF } from './addresses';
import { findOffers, type Offer } from './catalog';
import { DEFAULTS } from './data/defaults';
import { fromMinor, roundSignificant, roundTo, toMinor } from './money';

/** The quote item as the 2026-02-03 version serves it. */
export interface QuoteWire {
  countryCode: string;
  sourceAmount: number;
  sourceAmountWithoutFees: number;
  sourceCurrencyCode: string;
  destinationAmount: number;
  destinationAmountWithoutFees?: number;
  destinationCurrencyCode: string;
  exchangeRate: number;
  fiatAmountWithoutFees: number;
  networkFee: number;
  partnerFee: number;
  transactionFee: number;
  totalFee: number;
  paymentMethodType: string;
  serviceProvider: string;
  transactionType: 'CRYPTO_PURCHASE' | 'CRYPTO_SELL';
  isNativeAvailable: boolean;
  rampIntelligence: { lowKyc: boolean; rampScore: number; previouslyUsed?: string };
}

export interface PricedQuote {
  offer: Offer;
  quote: QuoteWire;
  /** Fiat paid (buy) or received (sell), the amount limits apply to. */
  limitAmount: number;
  fiatAmountInUsd: number;
}

/** Prices `amount` (fiat to pay on buy, crypto to sell on sell) on one offer; null when outside its limits. */
export function priceOffer(offer: Offer, amount: number): PricedQuote | null {
  const priced = price(offer, amount);
  return priced && withinLimits(priced) ? priced : null;
}

export const withinLimits = ({ offer, limitAmount }: PricedQuote): boolean =>
  limitAmount >= offer.limits.min && limitAmount <= offer.limits.max;

/** Prices without the limit check; null only when the fees eat the whole amount. */
export function price(offer: Offer, amount: number): PricedQuote | null {
  const { fiat, crypto, chain, coverage, partner } = offer;
  const fd = fiat.decimalPlaces;
  const mid = crypto.usdPrice / fiat.usdRate;
  const buy = offer.category === 'CRYPTO_ONRAMP';
  const exchangeRate = roundSignificant(mid * (buy ? 1 + coverage.spread : 1 - coverage.spread), 8);
  const transactionFee = toMinor(coverage.fixedFeeUsd / fiat.usdRate, fd);
  const networkFee = toMinor(chain.networkFeeUsd / fiat.usdRate, fd);

  let gross: number; // fiat minor units exchanged at exchangeRate
  let partnerFee: number;
  let quoteFields: Pick<
    QuoteWire,
    'sourceAmount' | 'sourceAmountWithoutFees' | 'destinationAmount' | 'destinationAmountWithoutFees'
  >;
  let limitMinor: number;
  if (buy) {
    const paid = toMinor(amount, fd);
    partnerFee = Math.round(paid * coverage.feeRate);
    gross = paid - partnerFee - transactionFee - networkFee;
    if (gross <= 0) return null;
    const received = roundTo(fromMinor(gross, fd) / exchangeRate, crypto.decimalPlaces);
    quoteFields = {
      sourceAmount: fromMinor(paid, fd),
      sourceAmountWithoutFees: fromMinor(gross, fd),
      destinationAmount: received,
    };
    limitMinor = paid;
  } else {
    const sold = roundTo(amount, crypto.decimalPlaces);
    gross = toMinor(sold * exchangeRate, fd);
    partnerFee = Math.round(gross * coverage.feeRate);
    const received = gross - partnerFee - transactionFee - networkFee;
    if (received <= 0) return null;
    quoteFields = {
      sourceAmount: sold,
      sourceAmountWithoutFees: sold,
      destinationAmount: fromMinor(received, fd),
      destinationAmountWithoutFees: fromMinor(gross, fd),
    };
    limitMinor = received;
  }
  const limitAmount = fromMinor(limitMinor, fd);

  const totalFee = partnerFee + transactionFee + networkFee;
  const fiatAmountInUsd = roundTo(limitAmount * fiat.usdRate, 2);
  return {
    offer,
    limitAmount,
    fiatAmountInUsd,
    quote: {
      countryCode: offer.country.countryCode,
      ...quoteFields,
      sourceCurrencyCode: buy ? fiat.currencyCode : crypto.currencyCode,
      destinationCurrencyCode: buy ? crypto.currencyCode : fiat.currencyCode,
      exchangeRate,
      fiatAmountWithoutFees: fromMinor(gross, fd),
      networkFee: fromMinor(networkFee, fd),
      partnerFee: fromMinor(partnerFee, fd),
      transactionFee: fromMinor(transactionFee, fd),
      totalFee: fromMinor(totalFee, fd),
      paymentMethodType: offer.method.method,
      serviceProvider: partner.id,
      transactionType: buy ? 'CRYPTO_PURCHASE' : 'CRYPTO_SELL',
      isNativeAvailable: partner.id === 'MERCURYO' && offer.method.method === 'APPLE_PAY',
      rampIntelligence: { lowKyc: partner.lowKyc && fiatAmountInUsd <= 1000, rampScore: partner.rampScore },
    },
  };
}

export interface OfferRequest {
  category: Category;
  country: string;
  fiat: string;
  crypto: string;
  subdivision?: string;
  /** Canonical method; when absent, the country's default order, then the partner's first. */
  method?: string;
  partners?: readonly string[];
  walletAddress?: string;
}

/** The one offer per partner that a request means (its method and, for USDC, its chain). */
export function selectOffers(request: OfferRequest): Offer[] {
  const offers = findOffers({
    category: request.category,
    country: request.country,
    fiat: request.fiat,
    crypto: request.crypto,
    partners: request.partners,
    method: request.method,
    subdivision: request.subdivision,
  });
  const family = addressFamily(request.walletAddress);
  const preferred =
    DEFAULTS.find(
      (d) =>
        d.countryCode === request.country.toUpperCase() &&
        d.category === request.category &&
        d.currencyCode === request.fiat.toUpperCase(),
    )?.paymentMethods ?? [];
  const rank = (o: Offer) => {
    const i = preferred.indexOf(o.method.method);
    return i === -1 ? preferred.length : i;
  };
  const byPartner = new Map<string, Offer>();
  for (const offer of offers) {
    // A wallet on another chain family cannot receive this token (USDC on Solana vs Ethereum).
    if (family && FAMILY_OF[offer.chain.chainCode] !== family) continue;
    const current = byPartner.get(offer.partner.id);
    if (!current || rank(offer) < rank(current)) byPartner.set(offer.partner.id, offer);
  }
  return [...byPartner.values()];
}
