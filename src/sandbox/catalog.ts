// What the sandbox sells, as one flat list of offers: (partner, direction, country, fiat, crypto
// on a chain, payment method, limits). Every discovery call, the quote and the session check are
// filters over this list, so they cannot disagree with each other.

import type { Category, Limits } from '../api/types';
import { COUNTRIES, type CountrySpec } from './data/countries';
import { CHAINS, CRYPTOS, FIATS, type ChainSpec, type CryptoSpec, type FiatSpec } from './data/currencies';
import { METHODS, METHOD_ORDER, type MethodSpec } from './data/payment-methods';
import { PARTNERS, type Coverage, type PartnerSpec } from './data/partners';
import { niceAmount } from './money';

export const CATEGORIES: readonly Category[] = ['CRYPTO_ONRAMP', 'CRYPTO_OFFRAMP'];

export const isCategory = (value: string | undefined): value is Category =>
  value === 'CRYPTO_ONRAMP' || value === 'CRYPTO_OFFRAMP';

export interface Offer {
  partner: PartnerSpec;
  coverage: Coverage;
  category: Category;
  country: CountrySpec;
  fiat: FiatSpec;
  crypto: CryptoSpec;
  chain: ChainSpec;
  method: MethodSpec;
  /** In `fiat`: the amount paid on buy, the amount received on sell. */
  limits: Limits;
  /** False when the partner enforces limits without publishing them. */
  limitsPublished: boolean;
}

export interface OfferFilter {
  category: Category;
  country?: string;
  fiat?: string;
  crypto?: string;
  chain?: string;
  partners?: readonly string[];
  method?: string;
  paymentType?: string;
  /** ISO 3166-2 code (already normalised, see normaliseSubdivision). */
  subdivision?: string;
}

/** Converts a USD limit to `fiat`, as a round figure. */
export function limitsIn(fiat: FiatSpec, [minUsd, maxUsd]: readonly [number, number]): Limits {
  if (fiat.usdRate === 1) return { currencyCode: fiat.currencyCode, min: minUsd, max: maxUsd };
  return {
    currencyCode: fiat.currencyCode,
    min: niceAmount(minUsd / fiat.usdRate),
    max: niceAmount(maxUsd / fiat.usdRate),
  };
}

function buildOffers(): Offer[] {
  const offers: Offer[] = [];
  for (const partner of PARTNERS) {
    for (const category of CATEGORIES) {
      const coverage = category === 'CRYPTO_ONRAMP' ? partner.buy : partner.sell;
      if (!coverage) continue;
      for (const country of COUNTRIES) {
        if (!coverage.countries.includes(country.countryCode)) continue;
        for (const fiatCode of country.fiat) {
          const fiat = FIATS.find((f) => f.currencyCode === fiatCode);
          if (!fiat) continue;
          for (const crypto of CRYPTOS) {
            if (!coverage.cryptos.includes(`${crypto.currencyCode}.${crypto.chainCode}`)) continue;
            for (const methodCode of METHOD_ORDER) {
              const usd = coverage.methods[methodCode];
              const method = METHODS[methodCode];
              if (!usd || (method.fiat && !method.fiat.includes(fiatCode))) continue;
              offers.push({
                partner,
                coverage,
                category,
                country,
                fiat,
                crypto,
                chain: CHAINS[crypto.chainCode],
                method,
                limits: limitsIn(fiat, usd),
                limitsPublished: !coverage.unpublishedLimits?.includes(methodCode),
              });
            }
          }
        }
      }
    }
  }
  return offers;
}

let allOffers: Offer[] | undefined;

export function findOffers(filter: OfferFilter): Offer[] {
  allOffers ??= buildOffers();
  const up = (s: string | undefined) => s?.toUpperCase();
  const country = up(filter.country);
  const fiat = up(filter.fiat);
  const crypto = up(filter.crypto);
  const chain = up(filter.chain);
  const method = up(filter.method);
  const paymentType = up(filter.paymentType);
  const partners = filter.partners?.map((p) => p.toUpperCase());
  return allOffers.filter(
    (o) =>
      o.category === filter.category &&
      (!country || o.country.countryCode === country) &&
      (!fiat || o.fiat.currencyCode === fiat) &&
      (!crypto || o.crypto.currencyCode === crypto) &&
      (!chain || o.chain.chainCode === chain) &&
      (!partners || partners.length === 0 || partners.includes(o.partner.id)) &&
      (!method || o.method.method === method) &&
      (!paymentType || o.method.type === paymentType) &&
      (!filter.subdivision || !o.partner.unavailableIn.includes(filter.subdivision)),
  );
}

/**
 * Accepts a full ISO 3166-2 code ("US-NY") or the local part ("NY"), as the routes call does.
 * Returns null for a code the country does not have; undefined when none was given or the
 * country has no subdivisions (the filter then does not apply).
 */
export function normaliseSubdivision(
  countryCode: string,
  subdivision: string | undefined,
): string | null | undefined {
  if (!subdivision) return undefined;
  const country = COUNTRIES.find((c) => c.countryCode === countryCode.toUpperCase());
  if (!country?.subdivisions) return undefined;
  const upper = subdivision.toUpperCase();
  const full = upper.includes('-') ? upper : `${country.countryCode}-${upper}`;
  return country.subdivisions.includes(full) ? full : null;
}

/** Comma-separated query lists ("BANXA,TRANSAK"). */
export const parseList = (value: string | undefined): string[] | undefined =>
  value
    ?.split(',')
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean);

export const unique = <T>(items: Iterable<T>): T[] => [...new Set(items)];
