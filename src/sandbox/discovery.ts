// The category-scoped discovery calls under /network-partner: countries, defaults, currencies,
// payment methods and routes. Required parameters missing → 400 BAD_REQUEST with `errors`.

import type { Context, Hono } from 'hono';
import type { Category, Country, Currency } from '../api/types';
import { findOffers, isCategory, normaliseSubdivision, parseList, unique, type Offer } from './catalog';
import type { SandboxContext } from './context';
import { COUNTRIES } from './data/countries';
import { CRYPTOS, FIATS, type ChainCode } from './data/currencies';
import { DEFAULTS } from './data/defaults';
import { METHOD_ORDER } from './data/payment-methods';
import { niceAmount } from './money';

/** Network aliases clients send (the public example uses ETH). */
const NETWORK_ALIASES: Readonly<Record<string, ChainCode>> = {
  BTC: 'BITCOIN',
  ETH: 'ETHEREUM',
  SOL: 'SOLANA',
  MATIC: 'POLYGON',
  POL: 'POLYGON',
};

export const chainOf = (network: string): string =>
  NETWORK_ALIASES[network.toUpperCase()] ?? network.toUpperCase();

type Query = (name: string) => string | undefined;

/** Collects `[name] must not be null` for each absent parameter and `[name] is invalid` for a bad category. */
function required(query: Query, names: readonly string[]): string[] {
  const errors: string[] = [];
  for (const name of names) {
    const value = query(name);
    if (!value) errors.push(`[${name}] must not be null`);
    else if (name === 'category' && !isCategory(value)) errors.push('[category] is invalid');
  }
  return errors;
}

function subdivisionOrError(country: string, raw: string | undefined): { value?: string; error?: string } {
  const value = normaliseSubdivision(country, raw);
  if (value === null) return { error: '[subdivision] is invalid' };
  return value === undefined ? {} : { value };
}

function methodOrder(category: Category, country: string, fiat: string): (method: string) => number {
  const preferred =
    DEFAULTS.find((d) => d.category === category && d.countryCode === country && d.currencyCode === fiat)
      ?.paymentMethods ?? [];
  return (method) => {
    const i = preferred.indexOf(method);
    return i === -1 ? preferred.length + METHOD_ORDER.indexOf(method as never) : i;
  };
}

export function registerDiscovery(app: Hono, ctx: SandboxContext): void {
  const badRequest = (c: Context, errors: string[]) => ctx.fail(c, 400, 'BAD_REQUEST', 'Bad request', errors);

  app.get('/network-partner/supported/countries', (c) => {
    const q: Query = (n) => c.req.query(n);
    const errors = required(q, ['category']);
    if (errors.length) return badRequest(c, errors);
    const offers = findOffers({ category: q('category') as Category, partners: parseList(q('partners')) });
    const served = new Set(offers.map((o) => o.country.countryCode));
    const countries: Country[] = COUNTRIES.filter((c) => served.has(c.countryCode)).map((c) => ({
      countryCode: c.countryCode,
      name: c.name,
      flag: c.flag,
      ...(c.subdivisions ? { subdivisions: [...c.subdivisions] } : {}),
    }));
    return c.json({ countries });
  });

  app.get('/network-partner/defaults/:country/:category', (c) => {
    const category = c.req.param('category');
    if (!isCategory(category)) return badRequest(c, ['[category] is invalid']);
    const country = c.req.param('country').toUpperCase();
    const found = DEFAULTS.find((d) => d.countryCode === country && d.category === category);
    return c.json(found ?? null);
  });

  app.get('/network-partner/supported/currencies', (c) => {
    const q: Query = (n) => c.req.query(n);
    const errors = required(q, ['category', 'country', 'type']);
    const type = q('type')?.toUpperCase();
    if (type && type !== 'FIAT' && type !== 'CRYPTO') errors.push('[type] is invalid');
    const country = (q('country') ?? '').toUpperCase();
    const subdivision = subdivisionOrError(country, q('subdivision'));
    if (subdivision.error) errors.push(subdivision.error);
    if (errors.length) return badRequest(c, errors);
    const network = q('network');
    if (network && type === 'FIAT')
      return ctx.fail(c, 400, 'BAD_REQUEST', 'network is only supported for CRYPTO searches');

    const partner = q('partner');
    const offers = findOffers({
      category: q('category') as Category,
      country,
      partners: partner ? [partner] : undefined,
      paymentType: q('paymentType'),
      subdivision: subdivision.value,
      chain: network ? chainOf(network) : undefined,
    });
    const providerCode = q('providerCurrencyCode')?.toUpperCase();
    let currencies: Currency[];
    if (type === 'FIAT') {
      const codes = new Set(offers.map((o) => o.fiat.currencyCode));
      const order = COUNTRIES.find((x) => x.countryCode === country)?.fiat ?? [];
      currencies = FIATS.filter(
        (f) => codes.has(f.currencyCode) && (!providerCode || providerCode === f.currencyCode),
      )
        .sort((a, b) => order.indexOf(a.currencyCode) - order.indexOf(b.currencyCode))
        .map((f) => ({
          currencyCode: f.currencyCode,
          name: f.name,
          decimalPlaces: f.decimalPlaces,
          type: 'FIAT',
          symbol: ctx.icons.currency(f.currencyCode),
        }));
    } else {
      const keys = new Set(offers.map((o) => `${o.crypto.currencyCode}.${o.chain.chainCode}`));
      currencies = CRYPTOS.filter(
        (k) =>
          keys.has(`${k.currencyCode}.${k.chainCode}`) &&
          (!providerCode || providerCode === k.providerCode || providerCode === k.currencyCode),
      ).map((k) => ({
        currencyCode: k.currencyCode,
        name: k.name,
        decimalPlaces: k.decimalPlaces,
        type: 'CRYPTO',
        chainCode: k.chainCode,
        ...(k.contract ? { contract: k.contract } : {}),
        symbol: ctx.icons.currency(k.currencyCode),
      }));
    }
    return c.json({ currencies });
  });

  app.get('/network-partner/supported/payment-methods', (c) => {
    const q: Query = (n) => c.req.query(n);
    const errors = required(q, ['category', 'country', 'currencyCode']);
    const country = (q('country') ?? '').toUpperCase();
    const subdivision = subdivisionOrError(country, q('subdivision'));
    if (subdivision.error) errors.push(subdivision.error);
    if (errors.length) return badRequest(c, errors);
    const category = q('category') as Category;
    const fiat = (q('currencyCode') ?? '').toUpperCase();
    const offers = findOffers({
      category,
      country,
      fiat,
      partners: parseList(q('partners')),
      paymentType: q('paymentType'),
      subdivision: subdivision.value,
    });
    const rank = methodOrder(category, country, fiat);
    const methods = unique(offers.map((o) => o.method)).sort((a, b) => rank(a.method) - rank(b.method));
    return c.json(
      methods.map((m) => {
        const headless = offers.some((o) => o.method === m && o.partner.headless.includes(m.method));
        return {
          countryCode: country,
          providerMethod: m.providerMethod,
          method: m.method,
          name: m.name,
          type: m.type,
          logo: ctx.icons.method(m.method),
          headlessSupported: headless,
          ...(headless && m.method === 'CREDIT_DEBIT_CARD' ? { cardRenderMode: 'IFRAME' } : {}),
        };
      }),
    );
  });

  app.get('/network-partner/supported/routes/:category/:country/:source/:destination', (c) => {
    const category = c.req.param('category');
    if (!isCategory(category)) return badRequest(c, ['[category] is invalid']);
    const country = c.req.param('country').toUpperCase();
    const source = c.req.param('source').toUpperCase();
    const destination = c.req.param('destination').toUpperCase();
    const subdivision = subdivisionOrError(country, c.req.query('subdivision'));
    if (subdivision.error) return badRequest(c, [subdivision.error]);
    const [fiat, crypto] = category === 'CRYPTO_ONRAMP' ? [source, destination] : [destination, source];
    // Wrong order for the direction (or unknown codes): an empty list, not an error.
    if (!FIATS.some((f) => f.currencyCode === fiat) || !CRYPTOS.some((k) => k.currencyCode === crypto)) {
      return c.json([]);
    }
    const paymentMethod = c.req.query('paymentMethod');
    const offers = findOffers({
      category,
      country,
      fiat,
      crypto,
      partners: parseList(c.req.query('partners')),
      method: paymentMethod,
      // paymentMethod takes precedence over paymentType.
      paymentType: paymentMethod ? undefined : c.req.query('paymentType'),
      subdivision: subdivision.value,
    });
    const rank = methodOrder(category, country, fiat);
    const partners = unique(offers.map((o) => o.partner));
    return c.json(
      partners.map((partner) => {
        const own = offers.filter((o) => o.partner === partner);
        const byMethod = new Map<string, Offer>();
        for (const o of own) if (!byMethod.has(o.method.method)) byMethod.set(o.method.method, o);
        const first = own[0]!;
        return {
          partner: partner.id,
          source,
          destination,
          paymentMethods: [...byMethod.values()]
            .sort((a, b) => rank(a.method.method) - rank(b.method.method))
            .map((o) => {
              const headless = partner.headless.includes(o.method.method);
              return {
                paymentType: o.method.type,
                name: o.method.method,
                partnerMethodName: o.method.providerMethod.toLowerCase(),
                limits: o.limitsPublished ? o.limits : null,
                logo: ctx.icons.method(o.method.method),
                headlessSupported: headless,
                ...(headless && o.method.method === 'CREDIT_DEBIT_CARD' ? { cardRenderMode: 'IFRAME' } : {}),
              };
            }),
          kycLimits: partner.kyc.map((k) => ({
            provider: partner.id,
            category,
            countryCode: country,
            limitType: k.limitType,
            currencyCode: first.fiat.currencyCode,
            level1: niceAmount(k.levelsUsd[0] / first.fiat.usdRate),
            level2: niceAmount(k.levelsUsd[1] / first.fiat.usdRate),
            level3: niceAmount(k.levelsUsd[2] / first.fiat.usdRate),
          })),
        };
      }),
    );
  });
}
