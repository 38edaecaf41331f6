// Discovery reads through the cache: the mirrored /network-partner routes and /bootstrap share
// these, so a bootstrap warms the cache for the widget's next calls and the other way round.
import type {
  CountriesParams,
  CurrenciesParams,
  DefaultsParams,
  PaymentMethodsParams,
  RampClient,
  RoutesParams,
} from '../../../api';
import type { Country, CountryDefault, Currency, PaymentMethod, Route } from '../../../api/types';
import type { CacheStatus, TtlCache } from './cache';
import { createDeadline } from '../../http/deadline';
import { HttpError } from '../../http/errors';
import type { RateLimiter } from '../../http/rate-limit';
import type { SharedCache } from '../../storage/stores/types';
import type { Upstream } from '../../upstream/client';

export interface Cached<T> {
  value: T;
  status: CacheStatus;
  /** Until when this answer is fresh (absent for a stale one). */
  freshUntil?: number;
}

export interface Discovery {
  /**
   * The same reads, with the cache misses they cause (the calls that reach the upstream) counted
   * against `client`'s allowance: past it, a miss is refused with 429 while hits are still served.
   */
  forClient(client: string | (() => string)): Discovery;
  countries(p: CountriesParams): Promise<Cached<Country[]>>;
  defaults(p: DefaultsParams): Promise<Cached<CountryDefault | null>>;
  currencies(p: CurrenciesParams): Promise<Cached<Currency[]>>;
  paymentMethods(p: PaymentMethodsParams): Promise<Cached<PaymentMethod[]>>;
  routes(p: RoutesParams): Promise<Cached<Route[]>>;
}

/**
 * `deadlineMs`: each upstream load (retries included) gets at most this long. A load is shared by
 * every request waiting for the key, so it has its own deadline and is not cancelled when one
 * waiting browser leaves; each request is bounded by its own deadline besides (proxy.ts).
 * `cache` answers hits from this process's memory; its misses go to `shared` when there is one
 * (several instances: one upstream call between them), which loads from the upstream.
 */
export function createDiscovery(
  upstream: Upstream,
  cache: TtlCache,
  deadlineMs: number,
  misses?: RateLimiter,
  shared?: { store: SharedCache; ttlMs: number },
): Discovery {
  const load = async <T>(run: (c: RampClient) => Promise<T>): Promise<T> => {
    const deadline = createDeadline(deadlineMs);
    try {
      return await upstream.read(run, { deadline });
    } finally {
      deadline.dispose();
    }
  };
  const spend = (client: string | (() => string) | undefined) => {
    if (client === undefined || !misses) return;
    // A function when the client is known only once it must be counted (a miss, never a hit).
    const d = misses.take(typeof client === 'function' ? client() : client);
    if (!d.ok) {
      throw new HttpError(429, 'RATE_LIMITED', `Too many new queries: retry in ${d.retryAfterSec} s`, {
        headers: { 'Retry-After': String(d.retryAfterSec) },
      });
    }
  };
  const build = (client: string | (() => string) | undefined): Discovery => {
    const cached = <P extends object, T>(op: string, call: (c: RampClient, p: P) => Promise<T>) => {
      return (p: P): Promise<Cached<T>> => {
        const key = cacheKey(op, p);
        // async: a refusal must reject the load, not throw before the cache has registered it.
        const fill = async () => {
          spend(client);
          return load((c) => call(c, p));
        };
        return cache.get(key, shared ? () => shared.store.load(key, shared.ttlMs, fill) : fill);
      };
    };
    return {
      forClient: (who) => build(who),
      countries: cached('countries', (c, p: CountriesParams) => c.countries(p)),
      defaults: cached('defaults', (c, p: DefaultsParams) => c.defaults(p)),
      currencies: cached('currencies', (c, p: CurrenciesParams) => c.currencies(p)),
      paymentMethods: cached('paymentMethods', (c, p: PaymentMethodsParams) => c.paymentMethods(p)),
      routes: cached('routes', (c, p: RoutesParams) => c.routes(p)),
    };
  };
  return build(undefined);
}

/** Same operation and same parameters, whatever their order or undefined members: same key. */
export function cacheKey(op: string, params: object): string {
  const entries = Object.entries(params)
    .filter(([, v]) => v !== undefined && v !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${op}:${JSON.stringify(entries)}`;
}
