// The deprecated /service-providers discovery calls: bare arrays, direction-agnostic, filtered by
// comma lists (countries, fiatCurrencies, …). Every answer carries Deprecation and Sunset headers
// and a Link to the replacement. Items carry both the public spec's field names and the older
// ones the service description lists (countryName, currencyName, networkCode, …).

import type { Context, Hono } from 'hono';
import type { Category } from '../api/types';
import { CATEGORIES, findOffers, isCategory, parseList, unique, type Offer } from './catalog';
import type { SandboxContext } from './context';
import { COUNTRIES, SUBDIVISION_NAMES } from './data/countries';
import { CHAINS, CRYPTOS, FIATS } from './data/currencies';
import { DEFAULTS } from './data/defaults';
import { METHOD_ORDER, METHODS } from './data/payment-methods';
import { niceAmount } from './money';

/** Removal date of the legacy calls (RFC 8594 HTTP-date). */
export const LEGACY_SUNSET = 'Fri, 31 Jul 2026 00:00:00 GMT';

/** Legacy paymentType vocabulary: ACH and SEPA were types of their own. */
const legacyPaymentType = (method: string, type: string) =>
  method === 'ACH' || method === 'SEPA' ? method : type;

export function registerLegacy(app: Hono, ctx: SandboxContext): void {
  function legacy(c: Context, successor: string, body: unknown[]) {
    c.header('Deprecation', 'true');
    c.header('Sunset', LEGACY_SUNSET);
    c.header('Link', `<${ctx.publicBaseUrl}${successor}>; rel="successor-version"`);
    return c.json(body);
  }

  /** Offers matching the shared legacy filters, over the requested categories (default: all). */
  function offersFor(c: Context): Offer[] {
    const list = (name: string) => parseList(c.req.query(name));
    const categories = (list('categories') ?? []).filter(isCategory);
    const countries = list('countries');
    const fiats = list('fiatCurrencies');
    const cryptos = list('cryptoCurrencies');
    const chains = list('cryptoChains');
    const methods = list('paymentMethodTypes');
    return (categories.length ? categories : CATEGORIES).flatMap((category: Category) =>
      findOffers({ category, partners: list('serviceProviders') }).filter(
        (o) =>
          (!countries?.length || countries.includes(o.country.countryCode)) &&
          (!fiats?.length || fiats.includes(o.fiat.currencyCode)) &&
          (!cryptos?.length || cryptos.includes(o.crypto.currencyCode)) &&
          (!chains?.length || chains.includes(o.chain.chainCode)) &&
          (!methods?.length || methods.includes(o.method.method)),
      ),
    );
  }

  app.get('/service-providers/properties/countries', (c) => {
    const served = new Set(offersFor(c).map((o) => o.country.countryCode));
    return legacy(
      c,
      '/network-partner/supported/countries',
      COUNTRIES.filter((k) => served.has(k.countryCode)).map((k) => ({
        countryCode: k.countryCode,
        name: k.name,
        countryName: k.name,
        flagImageUrl: ctx.icons.flag(k.countryCode),
        // null: every region of the country is supported.
        regions:
          k.subdivisions?.map((code) => ({ regionCode: code, name: SUBDIVISION_NAMES[code] ?? code })) ??
          null,
      })),
    );
  });

  app.get('/service-providers/properties/defaults/by-country', (c) => {
    const countries = parseList(c.req.query('countries'));
    const category = (parseList(c.req.query('categories')) ?? []).find(isCategory) ?? 'CRYPTO_ONRAMP';
    return legacy(
      c,
      '/network-partner/defaults/{country}/{category}',
      DEFAULTS.filter(
        (d) => d.category === category && (!countries?.length || countries.includes(d.countryCode)),
      ).map((d) => ({
        countryCode: d.countryCode,
        defaultCurrencyCode: d.currencyCode,
        defaultPaymentMethods: d.paymentMethods,
      })),
    );
  });

  app.get('/service-providers/properties/fiat-currencies', (c) => {
    const codes = new Set(offersFor(c).map((o) => o.fiat.currencyCode));
    return legacy(
      c,
      '/network-partner/supported/currencies?type=FIAT',
      FIATS.filter((f) => codes.has(f.currencyCode)).map((f) => ({
        currencyCode: f.currencyCode,
        name: f.name,
        currencyName: f.name,
        symbolImageUrl: ctx.icons.currency(f.currencyCode),
      })),
    );
  });

  app.get('/service-providers/properties/crypto-currencies', (c) => {
    const keys = new Set(offersFor(c).map((o) => `${o.crypto.currencyCode}.${o.chain.chainCode}`));
    return legacy(
      c,
      '/network-partner/supported/currencies?type=CRYPTO',
      CRYPTOS.filter((k) => keys.has(`${k.currencyCode}.${k.chainCode}`)).map((k) => {
        const chain = CHAINS[k.chainCode];
        return {
          currencyCode: k.currencyCode,
          name: k.name,
          currencyName: k.name,
          chainCode: chain.chainCode,
          chainName: chain.name,
          networkCode: chain.chainCode,
          networkName: chain.name,
          chainId: chain.chainId,
          ...(k.contract ? { contractAddress: k.contract } : {}),
          symbolImageUrl: ctx.icons.currency(k.currencyCode),
        };
      }),
    );
  });

  app.get('/service-providers/properties/payment-methods', (c) => {
    const used = new Set(offersFor(c).map((o) => o.method.method));
    return legacy(
      c,
      '/network-partner/supported/payment-methods',
      METHOD_ORDER.filter((m) => used.has(m)).map((m) => ({
        paymentMethod: m,
        name: METHODS[m].name,
        paymentType: legacyPaymentType(m, METHODS[m].type),
        logos: ctx.icons.method(m),
      })),
    );
  });

  app.get('/service-providers/limits/fiat-currency-purchases', (c) => {
    const offers = offersFor(c).filter((o) => o.category === 'CRYPTO_ONRAMP');
    return legacy(
      c,
      '/network-partner/supported/routes/{category}/{country}/{source}/{destination}',
      unique(offers.map((o) => o.fiat)).map((fiat) => {
        const own = offers.filter((o) => o.fiat === fiat);
        const min = Math.min(...own.map((o) => o.limits.min));
        const max = Math.max(...own.map((o) => o.limits.max));
        return {
          currencyCode: fiat.currencyCode,
          defaultAmount: niceAmount(100 / fiat.usdRate),
          minimumAmount: min,
          maximumAmount: max,
          limits: { minAmount: min, maxAmount: max, dailyLimit: max, monthlyLimit: max * 3 },
        };
      }),
    );
  });
}
