// Pure reads over discovery data: which payment methods a pair can use, the amount bounds of a
// method across partners, and the defaults the description prescribes (the country's default when
// it has one, else the first entry of the list).
import type { CountryDefault, Currency, Limits, PaymentMethod, Route } from '../api/types';

/** The canonical methods that at least one route serves. */
export function routedMethods(routes: readonly Route[]): Set<string> {
  return new Set(routes.flatMap((r) => r.paymentMethods.map((m) => m.name)));
}

/**
 * The payment methods to offer: those of the list that a route serves, in the list's order; a
 * routed method the list does not name is still offered, under its canonical identifier.
 */
export function offeredMethods(methods: readonly PaymentMethod[], routes: readonly Route[]): PaymentMethod[] {
  const routed = routedMethods(routes);
  const listed = methods.filter((m) => routed.has(m.method));
  const named = new Set(listed.map((m) => m.method));
  const unnamed = [...routed].filter((m) => !named.has(m)).map((method) => ({ method, name: method }));
  return [...listed, ...unnamed];
}

/**
 * The bounds of `method` across partners, in the fiat currency: the lowest minimum and the highest
 * maximum that any partner publishes (an amount one partner takes is a valid amount). null when no
 * partner publishes limits in that currency for the method.
 */
export function methodLimits(routes: readonly Route[], method: string, fiatCurrency: string): Limits | null {
  const published = routes
    .flatMap((r) => r.paymentMethods)
    .filter((m) => m.name === method && m.limits && m.limits.currencyCode.toUpperCase() === fiatCurrency)
    .map((m) => m.limits as Limits);
  if (!published.length) return null;
  return {
    currencyCode: fiatCurrency,
    min: Math.min(...published.map((l) => l.min)),
    max: Math.max(...published.map((l) => l.max)),
  };
}

/** The country's default fiat when offered, else the first of the list. */
export const preferredFiat = (list: readonly Currency[], d: CountryDefault | null | undefined) =>
  list.find((c) => c.currencyCode === d?.currencyCode) ?? list[0];

/** The first default method that is offered, else the first offered method. */
export const preferredMethod = (offered: readonly PaymentMethod[], d: CountryDefault | null | undefined) =>
  d?.paymentMethods.map((m) => offered.find((o) => o.method === m)).find(Boolean) ?? offered[0];

export { cryptoKey } from '../domain/currency';

/** The list entry a (possibly partial) choice means: same code, and chain/contract when given. */
export function findCrypto(
  list: readonly Currency[],
  ref: { currencyCode: string; chainCode?: string; contract?: string } | undefined,
): Currency | undefined {
  if (!ref) return undefined;
  return list.find(
    (c) =>
      c.currencyCode === ref.currencyCode &&
      (!ref.chainCode || c.chainCode === ref.chainCode) &&
      (!ref.contract || c.contract?.toLowerCase() === ref.contract.toLowerCase()),
  );
}
