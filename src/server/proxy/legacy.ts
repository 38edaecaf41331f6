// The deprecated /service-providers discovery endpoints are not proxied. Callers get 410 Gone with
// the category-scoped replacement (the description's legacy-to-current mapping table).
import { API_PREFIX } from '../../api/proxy/contract';

const NP = `${API_PREFIX}/network-partner`;
const ROUTES = `${NP}/supported/routes/{category}/{country}/{source}/{destination}`;

export const LEGACY_REPLACEMENTS: Readonly<Record<string, string>> = {
  '/service-providers/properties/countries': `${NP}/supported/countries`,
  '/service-providers/properties/defaults/by-country': `${NP}/defaults/{country}/{category}`,
  '/service-providers/properties/fiat-currencies': `${NP}/supported/currencies?type=FIAT`,
  '/service-providers/properties/crypto-currencies': `${NP}/supported/currencies?type=CRYPTO`,
  '/service-providers/properties/payment-methods': `${NP}/supported/payment-methods`,
  '/service-providers/limits/fiat-currency-purchases': ROUTES,
  // Sell limits moved onto the off-ramp routes as well.
  '/service-providers/limits/crypto-currency-sells': ROUTES,
};

export const isLegacyPath = (subpath: string): boolean =>
  subpath === '/service-providers' || subpath.startsWith('/service-providers/');

/** The replacement of a legacy path below /api/ramp, or null when the current API has none. */
export const legacyReplacement = (subpath: string): string | null =>
  LEGACY_REPLACEMENTS[subpath.replace(/\/+$/, '')] ?? null;
