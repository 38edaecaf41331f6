// Converters from the deprecated `/service-providers/...` shapes to the current ones, by the
// description's rename table and the public spec's migration notes. Each legacy body is read
// leniently, renamed, then validated as the current shape (so a failure names the field).
import * as v from 'valibot';
import {
  countryDefaultSchema,
  countrySchema,
  currencySchema,
  limitsSchema,
  opt,
  parseResponse,
  paymentMethodSchema,
} from './schemas';
import type {
  Category,
  Country,
  CountryDefault,
  Currency,
  CurrencyType,
  Limits,
  PaymentMethod,
} from './types';

const optStr = opt(v.string());
const optNum = opt(v.number());
const any = v.unknown();
const maybe = v.optional(any);

/** Legacy wrappers (`cryptoCurrencies`, …) or a bare array, as an array. */
const unwrap =
  (...keys: string[]) =>
  (x: unknown): unknown => {
    if (Array.isArray(x) || typeof x !== 'object' || x === null) return x;
    const o = x as Record<string, unknown>;
    const key = keys.find((k) => Array.isArray(o[k]));
    return key === undefined ? x : o[key];
  };

const listOf = <T>(keys: string[], item: v.GenericSchema<unknown, T>) =>
  v.pipe(any, v.transform(unwrap(...keys)), v.array(item));

/** `regions: [{regionCode}]` (spec) or `states` (description): codes, or strings already. */
const regionCodes = opt(
  v.array(
    v.union([
      v.string(),
      v.pipe(
        v.looseObject({ regionCode: optStr, stateCode: optStr, code: optStr }),
        v.transform((r) => r.regionCode ?? r.stateCode ?? r.code),
      ),
    ]),
  ),
);

const legacyCountry = v.pipe(
  v.looseObject({
    countryCode: any,
    countryName: optStr,
    name: optStr,
    flagImageUrl: optStr,
    flag: optStr,
    regions: regionCodes,
    states: regionCodes,
  }),
  v.transform((c): unknown => {
    // `regions: null` meant "all regions": no list, as a current country without subdivisions.
    const codes = (c.regions ?? c.states)?.filter((s): s is string => typeof s === 'string');
    return {
      countryCode: c.countryCode,
      name: c.countryName ?? c.name ?? c.countryCode,
      flag: c.flagImageUrl ?? c.flag,
      subdivisions: codes,
    };
  }),
  countrySchema,
);

/** GET /service-providers/properties/countries → Country[] */
export const fromLegacyCountries = (body: unknown): Country[] =>
  parseResponse(listOf(['countries'], legacyCountry), body, 'countries');

/** GET /service-providers/properties/defaults/by-country (an array over countries) → one default per country. */
export const fromLegacyDefaults = (body: unknown, category: Category): CountryDefault[] =>
  parseResponse(
    listOf(
      ['defaults'],
      v.pipe(
        v.looseObject({
          countryCode: any,
          defaultCurrencyCode: maybe,
          currencyCode: maybe,
          defaultPaymentMethods: maybe,
          paymentMethods: maybe,
        }),
        v.transform((d): unknown => ({
          countryCode: d.countryCode,
          category,
          currencyCode: d.defaultCurrencyCode ?? d.currencyCode,
          paymentMethods: d.defaultPaymentMethods ?? d.paymentMethods ?? [],
        })),
        countryDefaultSchema,
      ),
    ),
    body,
    'defaults',
  );

/** The legacy lists carry no decimal places; these are display defaults. */
const DEFAULT_DECIMALS: Record<CurrencyType, number> = { FIAT: 2, CRYPTO: 8 };

/** GET /service-providers/properties/fiat-currencies or …/crypto-currencies → Currency[] */
export const fromLegacyCurrencies = (body: unknown, type: CurrencyType): Currency[] =>
  parseResponse(
    listOf(
      ['cryptoCurrencies', 'fiatCurrencies', 'currencies'],
      v.pipe(
        v.looseObject({
          currencyCode: any,
          currencyName: optStr,
          name: optStr,
          decimalPlaces: optNum,
          networkCode: optStr,
          chainCode: optStr,
          contractAddress: optStr,
          contract: optStr,
          symbolImageUrl: optStr,
          symbol: optStr,
        }),
        v.transform((c): unknown => ({
          currencyCode: c.currencyCode,
          name: c.currencyName ?? c.name ?? c.currencyCode,
          decimalPlaces: c.decimalPlaces ?? DEFAULT_DECIMALS[type],
          type,
          symbol: c.symbolImageUrl ?? c.symbol,
          chainCode: c.networkCode ?? c.chainCode,
          contract: c.contractAddress ?? c.contract,
        })),
        currencySchema,
      ),
    ),
    body,
    'currencies',
  );

/** GET /service-providers/properties/payment-methods → PaymentMethod[] */
export const fromLegacyPaymentMethods = (body: unknown): PaymentMethod[] =>
  parseResponse(
    listOf(
      ['paymentMethods'],
      v.pipe(
        v.looseObject({
          paymentMethod: optStr,
          method: optStr,
          name: optStr,
          paymentType: optStr,
          logos: maybe,
        }),
        v.transform((m): unknown => {
          const method = m.paymentMethod ?? m.method;
          return { method, name: m.name ?? method, type: m.paymentType, logo: m.logos ?? undefined };
        }),
        paymentMethodSchema,
      ),
    ),
    body,
    'paymentMethods',
  );

const amounts = {
  minimumAmount: optNum,
  maximumAmount: optNum,
  minAmount: optNum,
  maxAmount: optNum,
};

/**
 * GET /service-providers/limits/fiat-currency-purchases → Limits[]. Accepts the spec's flat
 * `minimumAmount/maximumAmount` and the description's `limits: {minAmount, maxAmount, …}`.
 */
export const fromLegacyLimits = (body: unknown): Limits[] =>
  parseResponse(
    listOf(
      ['limits'],
      v.pipe(
        v.looseObject({ currencyCode: any, ...amounts, limits: opt(v.looseObject(amounts)) }),
        v.transform((l): unknown => {
          const n = l.limits ?? l;
          return {
            currencyCode: l.currencyCode,
            min: n.minimumAmount ?? n.minAmount,
            max: n.maximumAmount ?? n.maxAmount,
          };
        }),
        limitsSchema,
      ),
    ),
    body,
    'limits',
  );
