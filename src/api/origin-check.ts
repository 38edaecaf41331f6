// Telling a CORS refusal from an unreachable server. A browser reports both as the same TypeError and
// hides why (a refused answer is withheld from the page). So when a call to another origin fails that
// way, the page asks the server itself: `GET <base>/origin` is readable by every origin and says
// whether this page's origin is allowed (docs/CONTRACTS.md §1). `allowed: false` means the server is
// there and refuses this origin: the call fails with ORIGIN_NOT_ALLOWED, which names the variable that
// allows it, instead of NETWORK_ERROR ("check your connection"). Any other outcome keeps the failure
// as it was: the question is asked only after a failure, and only across origins.
import { RampError } from './errors';
import { ORIGIN_PATH } from './proxy/paths';

export const ORIGIN_NOT_ALLOWED = 'ORIGIN_NOT_ALLOWED';

export interface OriginCheckOptions {
  /** The API base URL, as the client's `baseUrl`. */
  baseUrl: string;
  /** The page's origin (`location.origin`); none (on a server): no check. */
  pageOrigin: string | undefined;
  fetch?: typeof fetch;
}

const urlOf = (input: RequestInfo | URL): string =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

/** `fetch` with the check: the api client passes the RampError it throws through as it is. */
export function withOriginCheck(o: OriginCheckOptions): typeof fetch {
  const base: typeof fetch = o.fetch ?? ((input, init) => globalThis.fetch(input, init));
  // An opaque origin ("null": a sandboxed frame, a file) has nothing to allow.
  const pageOrigin = o.pageOrigin === 'null' ? undefined : o.pageOrigin;
  const root = o.baseUrl.replace(/\/+$/, '');
  let asking: Promise<boolean> | undefined;
  // One question at a time, however many calls failed together.
  const refused = (signal: AbortSignal | null | undefined): Promise<boolean> =>
    (asking ??= base(`${root}${ORIGIN_PATH}`, {
      headers: { accept: 'application/json' },
      credentials: 'omit',
      cache: 'no-store',
      ...(signal ? { signal } : {}),
    })
      .then((res) => res.json() as Promise<{ allowed?: unknown }>)
      .then((body) => body.allowed === false)
      .catch(() => false)
      .finally(() => (asking = undefined)));

  return async (input, init) => {
    try {
      return await base(input, init);
    } catch (error) {
      if (!(error instanceof TypeError) || !pageOrigin || init?.signal?.aborted) throw error;
      const target = new URL(urlOf(input), pageOrigin).origin;
      if (target === pageOrigin || !(await refused(init?.signal))) throw error;
      throw new RampError(
        ORIGIN_NOT_ALLOWED,
        `${target} does not allow the origin ${pageOrigin}: add it to its RAMP_ALLOWED_ORIGINS`,
        0,
        { retryable: false, cause: error },
      );
    }
  };
}
