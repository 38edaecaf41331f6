import { describe, expect, it } from 'vitest';
import type { Country, CountryDefault, Currency, PaymentMethod, Route } from '../api/types';
import { createTestSandbox } from './test-kit';

const t = createTestSandbox({ publicBaseUrl: 'http://127.0.0.1:8787/sandbox' });
const countries = async (category: string) =>
  (await t.getJson<{ countries: Country[] }>(`/network-partner/supported/countries?category=${category}`))
    .body.countries;
const routes = async (path: string) => t.getJson<Route[]>(`/network-partner/supported/routes/${path}`);
const partnersOf = (list: Route[]) => list.map((r) => r.partner).sort();

describe('supported countries', () => {
  it('differs by direction, with at least six countries each', async () => {
    const buy = (await countries('CRYPTO_ONRAMP')).map((c) => c.countryCode);
    const sell = (await countries('CRYPTO_OFFRAMP')).map((c) => c.countryCode);
    expect(buy).toEqual(['US', 'GB', 'DE', 'FR', 'BR', 'JP', 'NG']);
    expect(sell).toEqual(['US', 'GB', 'DE', 'FR', 'CA', 'AU']);
  });

  it('lists the 50 US states and DC as ISO 3166-2 subdivisions, and none elsewhere', async () => {
    const [us, ...others] = await countries('CRYPTO_ONRAMP');
    expect(us).toMatchObject({ countryCode: 'US', name: 'United States', flag: '🇺🇸' });
    expect(us!.subdivisions).toHaveLength(51);
    expect(us!.subdivisions).toEqual(expect.arrayContaining(['US-NY', 'US-TX', 'US-CA', 'US-DC']));
    expect(us!.subdivisions!.every((s) => /^US-[A-Z]{2}$/.test(s))).toBe(true);
    expect(others.every((c) => c.subdivisions === undefined)).toBe(true);
  });

  it('narrows to the given partners', async () => {
    const res = await t.getJson<{ countries: Country[] }>(
      '/network-partner/supported/countries?category=CRYPTO_OFFRAMP&partners=TOPPER',
    );
    expect(res.body.countries.map((c) => c.countryCode)).toEqual(['US']);
  });

  it('requires a valid category', async () => {
    for (const [query, error] of [
      ['', '[category] must not be null'],
      ['?category=CRYPTO_SWAP', '[category] is invalid'],
    ]) {
      const res = await t.getJson(`/network-partner/supported/countries${query}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'BAD_REQUEST', errors: [error] });
    }
  });
});

describe('country defaults', () => {
  it('returns the default object', async () => {
    const res = await t.getJson<CountryDefault>('/network-partner/defaults/US/CRYPTO_ONRAMP');
    expect(res.body).toEqual({
      countryCode: 'US',
      category: 'CRYPTO_ONRAMP',
      currencyCode: 'USD',
      paymentMethods: ['CREDIT_DEBIT_CARD', 'APPLE_PAY', 'ACH'],
    });
    expect((await t.getJson('/network-partner/defaults/CA/CRYPTO_OFFRAMP')).body).toMatchObject({
      currencyCode: 'CAD',
    });
  });

  it('answers JSON null for a supported country without a default (BR buy, AU sell)', async () => {
    for (const path of ['BR/CRYPTO_ONRAMP', 'AU/CRYPTO_OFFRAMP']) {
      const res = await t.get(`/network-partner/defaults/${path}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('null');
    }
  });

  it('only names methods and currencies the country supports', async () => {
    for (const category of ['CRYPTO_ONRAMP', 'CRYPTO_OFFRAMP']) {
      for (const country of await countries(category)) {
        const def = (
          await t.getJson<CountryDefault | null>(
            `/network-partner/defaults/${country.countryCode}/${category}`,
          )
        ).body;
        if (!def) continue;
        const methods = await t.getJson<PaymentMethod[]>(
          `/network-partner/supported/payment-methods?category=${category}&country=${country.countryCode}&currencyCode=${def.currencyCode}`,
        );
        expect(methods.body.map((m) => m.method)).toEqual(expect.arrayContaining(def.paymentMethods));
      }
    }
  });
});

describe('supported currencies', () => {
  const currencies = (query: string) =>
    t.getJson<{ currencies: Currency[] }>(`/network-partner/supported/currencies?${query}`);

  it('lists fiat for the country, usual one first, with icon URLs under the public base', async () => {
    const res = await currencies('category=CRYPTO_ONRAMP&country=GB&type=FIAT');
    expect(res.body.currencies.map((c) => c.currencyCode)).toEqual(['GBP', 'EUR']);
    expect(res.body.currencies[0]).toEqual({
      currencyCode: 'GBP',
      name: 'British Pound',
      decimalPlaces: 2,
      type: 'FIAT',
      symbol: 'http://127.0.0.1:8787/sandbox/assets/currency/GBP.svg',
    });
    const jp = await currencies('category=CRYPTO_ONRAMP&country=JP&type=FIAT');
    expect(jp.body.currencies).toMatchObject([{ currencyCode: 'JPY', decimalPlaces: 0 }]);
  });

  it('serves the icon its symbol URL names', async () => {
    const res = await t.get('/assets/currency/GBP.svg');
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
    expect(await res.text()).toContain('<svg');
  });

  it('lists USDC on two chains with different contracts', async () => {
    const res = await currencies('category=CRYPTO_ONRAMP&country=US&type=CRYPTO');
    const usdc = res.body.currencies.filter((c) => c.currencyCode === 'USDC');
    expect(usdc.map((c) => c.chainCode)).toEqual(['ETHEREUM', 'SOLANA']);
    expect(new Set(usdc.map((c) => c.contract)).size).toBe(2);
    const codes = res.body.currencies.map((c) => `${c.currencyCode}/${c.chainCode}`);
    expect(codes).toEqual(
      expect.arrayContaining(['BTC/BITCOIN', 'ETH/ETHEREUM', 'SOL/SOLANA', 'POL/POLYGON', 'USDT/ETHEREUM']),
    );
  });

  it('filters by network (chain code or its short alias), partner and provider code', async () => {
    const sol = await currencies('category=CRYPTO_ONRAMP&country=US&type=CRYPTO&network=SOL');
    expect(sol.body.currencies.map((c) => c.currencyCode)).toEqual(['USDC', 'SOL']);
    const topper = await currencies('category=CRYPTO_ONRAMP&country=US&type=CRYPTO&partner=TOPPER');
    expect(topper.body.currencies.map((c) => c.currencyCode)).toEqual(['BTC', 'ETH', 'USDC', 'POL']);
    const byProviderCode = await currencies(
      'category=CRYPTO_ONRAMP&country=US&type=CRYPTO&providerCurrencyCode=USDC_SOL',
    );
    expect(byProviderCode.body.currencies).toMatchObject([{ currencyCode: 'USDC', chainCode: 'SOLANA' }]);
  });

  it('lists what can be sold on off-ramp, which differs from what can be bought', async () => {
    const sell = await currencies('category=CRYPTO_OFFRAMP&country=US&type=CRYPTO');
    expect(sell.body.currencies.map((c) => c.currencyCode)).not.toContain('POL');
  });

  it('refuses network on a FIAT search', async () => {
    const res = await currencies('category=CRYPTO_ONRAMP&country=US&type=FIAT&network=ETHEREUM');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'network is only supported for CRYPTO searches',
    });
  });

  it('names every missing required parameter', async () => {
    const res = await currencies('country=US');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'BAD_REQUEST',
      errors: ['[category] must not be null', '[type] must not be null'],
    });
  });
});

describe('supported payment methods', () => {
  const methods = (query: string) =>
    t.getJson<PaymentMethod[]>(`/network-partner/supported/payment-methods?${query}`);

  it('is a bare array whose display names differ from the canonical methods', async () => {
    const res = await methods('category=CRYPTO_ONRAMP&country=US&currencyCode=USD');
    expect(res.body.map((m) => [m.method, m.name])).toEqual([
      ['CREDIT_DEBIT_CARD', 'Credit or debit card'],
      ['APPLE_PAY', 'Apple Pay'],
      ['ACH', 'Bank transfer (ACH)'],
      ['GOOGLE_PAY', 'Google Pay'],
    ]);
    expect(res.body[0]).toMatchObject({
      countryCode: 'US',
      providerMethod: 'CARD',
      type: 'CARD',
      headlessSupported: true,
    });
    expect(res.body[0]!.logo?.light).toBe(
      'http://127.0.0.1:8787/sandbox/assets/method/CREDIT_DEBIT_CARD/light.svg',
    );
  });

  it('depends on the fiat currency and direction', async () => {
    const eur = await methods('category=CRYPTO_ONRAMP&country=DE&currencyCode=EUR');
    expect(eur.body.map((m) => m.method)).toContain('SEPA');
    const pix = await methods('category=CRYPTO_ONRAMP&country=BR&currencyCode=BRL');
    expect(pix.body.find((m) => m.method === 'PIX')?.name).toBe('Pix');
    const payout = await methods('category=CRYPTO_OFFRAMP&country=CA&currencyCode=CAD');
    expect(payout.body.map((m) => m.method)).toEqual(['INTERAC', 'CREDIT_DEBIT_CARD']);
    const wrongFiat = await methods('category=CRYPTO_ONRAMP&country=US&currencyCode=EUR');
    expect(wrongFiat.body).toEqual([]);
  });

  it('requires category, country and currencyCode', async () => {
    const res = await methods('category=CRYPTO_ONRAMP&country=US');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errors: ['[currencyCode] must not be null'] });
  });
});

describe('supported routes', () => {
  it('lists one route per partner with per-method limits in the fiat paid', async () => {
    const res = await routes('CRYPTO_ONRAMP/US/USD/BTC');
    expect(partnersOf(res.body)).toEqual(['BANXA', 'PAYBIS', 'TOPPER', 'TRANSAK']);
    const banxa = res.body.find((r) => r.partner === 'BANXA')!;
    expect(banxa).toMatchObject({ source: 'USD', destination: 'BTC' });
    expect(banxa.paymentMethods.find((m) => m.name === 'CREDIT_DEBIT_CARD')).toMatchObject({
      paymentType: 'CARD',
      partnerMethodName: 'card',
      limits: { currencyCode: 'USD', min: 20, max: 10000 },
    });
    expect(banxa.kycLimits[0]).toMatchObject({ provider: 'BANXA', limitType: 'DAILY', currencyCode: 'USD' });
  });

  it('gives every partner of the quick start kycLimits, levels 1 to 3 per limit type, in the fiat paid', async () => {
    // The quick start's known-good inputs: a US card buy of BTC in USD, a German sell of ETH for EUR.
    for (const [path, fiat] of [
      ['CRYPTO_ONRAMP/US/USD/BTC', 'USD'],
      ['CRYPTO_ONRAMP/DE/EUR/ETH', 'EUR'],
      ['CRYPTO_OFFRAMP/DE/ETH/EUR', 'EUR'],
      ['CRYPTO_OFFRAMP/US/BTC/USD', 'USD'],
    ] as const) {
      const res = await routes(path);
      expect(res.body.length, path).toBeGreaterThan(1);
      for (const route of res.body) {
        const types = route.kycLimits.map((k) => k.limitType);
        expect(types, `${path} ${route.partner}`).toContain('TRANSACTION');
        expect(new Set(types).size).toBe(types.length);
        for (const k of route.kycLimits) {
          expect(k).toMatchObject({ provider: route.partner, currencyCode: fiat });
          expect(k.level1).toBeGreaterThan(0);
          expect(k.level2).toBeGreaterThan(k.level1!);
          expect(k.level3).toBeGreaterThan(k.level2!);
        }
      }
    }
    const usd = await routes('CRYPTO_ONRAMP/US/USD/BTC');
    expect(usd.body.find((r) => r.partner === 'PAYBIS')!.kycLimits).toContainEqual(
      expect.objectContaining({ limitType: 'TRANSACTION', level1: 150, level2: 2000, level3: 20000 }),
    );
  });

  it('answers 200 [] when source and destination are reversed for the category', async () => {
    for (const path of ['CRYPTO_ONRAMP/US/BTC/USD', 'CRYPTO_OFFRAMP/US/USD/BTC']) {
      const res = await routes(path);
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
    }
  });

  it('puts the crypto first on off-ramp, with limits on the fiat received', async () => {
    const res = await routes('CRYPTO_OFFRAMP/US/BTC/USD');
    expect(partnersOf(res.body)).toEqual(['BANXA', 'PAYBIS', 'TOPPER', 'TRANSAK']);
    const banxa = res.body.find((r) => r.partner === 'BANXA')!;
    expect(banxa).toMatchObject({ source: 'BTC', destination: 'USD' });
    expect(banxa.paymentMethods).toMatchObject([
      { name: 'ACH', limits: { currencyCode: 'USD', min: 50, max: 15000 } },
    ]);
  });

  it('has direction-aware limits for the same partner and method', async () => {
    const buy = (await routes('CRYPTO_ONRAMP/DE/EUR/ETH?partners=TRANSAK&paymentMethod=SEPA')).body[0]!;
    const sell = (await routes('CRYPTO_OFFRAMP/DE/ETH/EUR?partners=TRANSAK&paymentMethod=SEPA')).body[0]!;
    expect(buy.paymentMethods[0]!.limits).not.toEqual(sell.paymentMethods[0]!.limits);
    expect(buy.paymentMethods[0]!.limits?.currencyCode).toBe('EUR');
  });

  it('removes PAYBIS in US-NY and US-TX (full or local code), keeps it elsewhere', async () => {
    for (const subdivision of ['US-NY', 'NY', 'US-TX']) {
      const res = await routes(`CRYPTO_ONRAMP/US/USD/BTC?subdivision=${subdivision}`);
      expect(partnersOf(res.body)).toEqual(['BANXA', 'TOPPER', 'TRANSAK']);
    }
    expect(partnersOf((await routes('CRYPTO_ONRAMP/US/USD/BTC?subdivision=US-CA')).body)).toContain('PAYBIS');
    const bad = await routes('CRYPTO_ONRAMP/US/USD/BTC?subdivision=US-XX');
    expect(bad.status).toBe(400);
  });

  it('filters by partners, payment method (over payment type) and payment type', async () => {
    const ach = await routes('CRYPTO_ONRAMP/US/USD/ETH?paymentMethod=ACH&paymentType=CARD');
    expect(partnersOf(ach.body)).toEqual(['BANXA', 'TOPPER']);
    expect(ach.body.every((r) => r.paymentMethods.every((m) => m.name === 'ACH'))).toBe(true);
    const wallets = await routes('CRYPTO_ONRAMP/US/USD/ETH?paymentType=MOBILE_WALLET&partners=BANXA,TRANSAK');
    expect(partnersOf(wallets.body)).toEqual(['BANXA', 'TRANSAK']);
    expect(wallets.body.flatMap((r) => r.paymentMethods.map((m) => m.paymentType))).toEqual(
      expect.arrayContaining(['MOBILE_WALLET']),
    );
  });

  it('shows null limits where a partner publishes none', async () => {
    const res = await routes('CRYPTO_OFFRAMP/DE/BTC/EUR?partners=MERCURYO');
    const sepa = res.body[0]!.paymentMethods.find((m) => m.name === 'SEPA');
    expect(sepa?.limits).toBeNull();
  });

  it('does not serve every pair with every partner', async () => {
    expect(partnersOf((await routes('CRYPTO_ONRAMP/US/USD/POL')).body)).toEqual(['PAYBIS', 'TOPPER']);
    expect(partnersOf((await routes('CRYPTO_ONRAMP/NG/NGN/BTC')).body)).toEqual(['MERCURYO', 'TRANSAK']);
  });
});
