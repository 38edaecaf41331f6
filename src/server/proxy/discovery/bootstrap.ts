// GET /api/ramp/bootstrap: what the widget's first screen needs, in one response. Every upstream
// call goes through the discovery cache; the calls that do not depend on each other run in parallel.
import type { Bootstrap } from '../../../api';
import type { Category, Country } from '../../../api/types';
import type { Discovery } from './discovery';
import { HttpError } from '../../http/errors';

export async function loadBootstrap(
  discovery: Discovery,
  q: { category: Category; country?: string; acceptLanguage?: string },
): Promise<Bootstrap> {
  const { category } = q;
  const countries = (await discovery.countries({ category })).value;
  const country = resolveCountry(countries, q.country, q.acceptLanguage);
  if (!country) {
    throw new HttpError(404, 'NO_SUPPORTED_COUNTRIES', 'No country is supported for this direction');
  }
  const [defaults, fiat, crypto] = await Promise.all([
    discovery.defaults({ country: country.countryCode, category }),
    discovery.currencies({ category, country: country.countryCode, type: 'FIAT' }),
    discovery.currencies({ category, country: country.countryCode, type: 'CRYPTO' }),
  ]);
  const fiatCurrencies = fiat.value;
  const preferred = defaults.value?.currencyCode;
  const fiatCurrency =
    (preferred && fiatCurrencies.some((c) => c.currencyCode === preferred) ? preferred : undefined) ??
    fiatCurrencies[0]?.currencyCode ??
    preferred ??
    '';
  const paymentMethods = fiatCurrency
    ? (await discovery.paymentMethods({ category, country: country.countryCode, currencyCode: fiatCurrency }))
        .value
    : [];
  return {
    countries,
    country: country.countryCode,
    subdivisions: country.subdivisions ?? null,
    defaults: defaults.value,
    fiatCurrencies,
    cryptoCurrencies: crypto.value,
    paymentMethods,
    fiatCurrency,
  };
}

/** The asked country if supported, else the Accept-Language region if supported, else US, else the first. */
export function resolveCountry(
  countries: Country[],
  asked: string | undefined,
  acceptLanguage: string | undefined,
): Country | undefined {
  const find = (code: string | undefined) =>
    code ? countries.find((c) => c.countryCode === code) : undefined;
  return (
    find(asked) ??
    languageRegions(acceptLanguage ?? '')
      .map(find)
      .find(Boolean) ??
    find('US') ??
    countries[0]
  );
}

/** Regions of an Accept-Language header, most preferred first: "de-CH, en-US;q=0.8" → [CH, US]. */
export function languageRegions(header: string): string[] {
  return header
    .slice(0, 512)
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const qp = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = qp ? Number(qp.slice(2)) : 1;
      const region = /^[A-Za-z]{2,3}(?:-[A-Za-z]{4})?-([A-Za-z]{2})(?:-|$)/.exec(tag.trim())?.[1];
      return { region: region?.toUpperCase(), weight: Number.isFinite(weight) ? weight : 0, i };
    })
    .filter((x): x is { region: string; weight: number; i: number } => !!x.region && x.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.i - b.i)
    .map((x) => x.region);
}
