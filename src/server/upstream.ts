// The server's side of the api client: one RampClient with the key, the version header and a
// timeout, plus the retry policy. Idempotent reads retry transient failures with exponential
// backoff and full jitter; writes (quote, session) are never retried here, because a blind
// retry could run them twice (session creation is made idempotent by externalSessionId instead).
import { RampError, createRampClient } from '../api';
import type { RampClient } from '../api';
import type { ServerConfig } from './config';
import { HttpError } from './http-error';
import { ERROR_CODE_RE, FALLBACK_CODE, secretScrubber } from './scrub';

export interface RetryPolicy {
  /** Retries after the first attempt. */
  retries: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const READ_RETRY: RetryPolicy = { retries: 2, baseDelayMs: 150, maxDelayMs: 2_000 };

export interface Upstream {
  client: RampClient;
  /** An idempotent read, retried on transient failures. */
  read<T>(call: (client: RampClient) => Promise<T>): Promise<T>;
  /** A write: exactly one attempt. */
  write<T>(call: (client: RampClient) => Promise<T>): Promise<T>;
}

export interface UpstreamOptions {
  fetch: typeof fetch;
  retry?: RetryPolicy;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** Told about each retry (for the logs). */
  onRetry?: (attempt: number, delayMs: number, error: RampError) => void;
}

export function createUpstream(config: ServerConfig, o: UpstreamOptions): Upstream {
  const { baseUrl, apiKey, serviceVersion, versionHeader, timeoutMs } = config.upstream;
  const retry = o.retry ?? READ_RETRY;
  const sleep = o.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const random = o.random ?? Math.random;
  // Redirects are not followed: a 3xx is an upstream fault, and following one could carry the
  // Authorization header to a host the operator never configured.
  const fetchNoRedirect: typeof fetch = (input, init) => o.fetch(input, { ...init, redirect: 'manual' });
  const client = createRampClient({
    baseUrl,
    apiKey,
    serviceVersion,
    versionHeader,
    timeoutMs,
    fetch: fetchNoRedirect,
  });

  // Every failure leaves here scrubbed: the code of the documented shape, no copy of the key.
  const scrub = secretScrubber(apiKey);
  const clean = (e: unknown): unknown => {
    if (!(e instanceof RampError)) return e;
    const s = (t: string) => scrub.text(t);
    return new RampError(scrub.code(e.code), s(e.message), e.status, {
      retryable: e.retryable,
      ...(e.requestId === undefined ? {} : { requestId: s(e.requestId) }),
      ...(e.details === undefined ? {} : { details: e.details.map(s) }),
      ...(e.provider === undefined
        ? {}
        : {
            provider: {
              code: e.provider.code === undefined ? undefined : s(e.provider.code),
              message: e.provider.message === undefined ? undefined : s(e.provider.message),
            },
          }),
      cause: e.cause,
    });
  };
  const guarded = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (e) {
      throw clean(e);
    }
  };

  return {
    client,
    read: (call) => guarded(() => readWithRetries(call)),
    write: (call) => guarded(() => call(client)),
  };

  async function readWithRetries<T>(call: (client: RampClient) => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await call(client);
      } catch (e) {
        if (!(e instanceof RampError) || !e.retryable || e.code === 'ABORTED' || attempt >= retry.retries)
          throw e;
        // Full jitter: a uniformly random wait up to the exponential cap spreads retrying clients out.
        const cap = Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** attempt);
        const delay = Math.round(random() * cap);
        o.onRetry?.(attempt + 1, delay, e);
        await sleep(delay);
      }
    }
  }
}

/** Whether a failed discovery call may be answered from a stale cache entry. */
export const isTransient = (e: unknown): boolean =>
  e instanceof RampError && (e.retryable || e.status === 401);

const MAX_MESSAGE = 300;

/**
 * What the browser learns of an upstream failure: its code and message with the upstream's status
 * when it is the caller's fault (4xx), else 502, or 504 for a timeout. Nothing else of the
 * upstream body passes.
 */
export function toHttpError(e: unknown): HttpError {
  if (e instanceof HttpError) return e;
  if (!(e instanceof RampError)) throw e;
  const code = ERROR_CODE_RE.test(e.code) ? e.code : FALLBACK_CODE;
  const message = e.message.length > MAX_MESSAGE ? `${e.message.slice(0, MAX_MESSAGE)}…` : e.message;
  if (e.code === 'TIMEOUT') {
    return new HttpError(504, 'UPSTREAM_TIMEOUT', 'The ramp service did not answer in time');
  }
  if (e.status === 0)
    return new HttpError(502, 'UPSTREAM_UNREACHABLE', 'The ramp service could not be reached');
  if (e.code === 'MALFORMED_RESPONSE') {
    return new HttpError(
      502,
      'MALFORMED_RESPONSE',
      'The ramp service sent a response that could not be read',
    );
  }
  // Our own credentials were refused: not something the browser can fix or should be told about.
  if (e.status === 401) {
    return new HttpError(
      502,
      'UPSTREAM_AUTH_FAILED',
      'The server could not authenticate with the ramp service',
    );
  }
  if (e.status >= 400 && e.status < 500) {
    return new HttpError(e.status as 400, code, message, {
      headers: e.status === 429 ? { 'Retry-After': '1' } : {},
    });
  }
  return new HttpError(502, e.status >= 500 ? code : FALLBACK_CODE, message);
}
