// The server's side of the api client: one RampClient with the key, the version header and a
// timeout, plus the retry policy. Idempotent reads retry transient failures with exponential
// backoff and full jitter; writes (quote, session) are never retried here, because a blind
// retry could run them twice (session creation is made idempotent by externalSessionId instead).
// A call made for a browser request runs in its scope: the request's deadline (retries inside it)
// and its cancellation when the browser leaves (deadline.ts).
import { RampError, createRampClient, upstreamReaders } from '../../api';
import type { RampClient, RampClientOptions } from '../../api';
import type { ServerConfig } from '../config/config';
import type { Deadline } from '../http/deadline';
import { Refusal } from '../../api/routes/refusal';
import { ClientAbort, HttpError } from '../http/errors';
import type { PassedCode } from '../http/errors';
import { ERROR_CODE_RE, FALLBACK_CODE, secretScrubber } from './scrub';
import { Semaphore } from './concurrency';
import type { UpstreamOutcome } from '../http/metrics';
import { backoff } from '../../domain/backoff';

export interface RetryPolicy {
  /** Retries after the first attempt. */
  retries: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const READ_RETRY: RetryPolicy = { retries: 2, baseDelayMs: 150, maxDelayMs: 2_000 };

/** What an upstream call runs under. */
export interface CallScope {
  /** The browser request's deadline and cancellation: retries stop, and the call aborts, with it. */
  deadline?: Pick<Deadline, 'signal' | 'remainingMs' | 'expired'>;
  /** Per-attempt timeout instead of RAMP_UPSTREAM_TIMEOUT_MS (e.g. longer for session creation). */
  timeoutMs?: number;
  /** The partner the call is about, when it names one (a session's): the metrics' partner label. */
  partner?: string;
}

export interface Upstream {
  client: RampClient;
  /** An idempotent read, retried on transient failures (within the scope's deadline). */
  read<T>(call: (client: RampClient) => Promise<T>, scope?: CallScope): Promise<T>;
  /** A write: exactly one attempt. */
  write<T>(call: (client: RampClient) => Promise<T>, scope?: CallScope): Promise<T>;
}

export interface UpstreamOptions {
  fetch: typeof fetch;
  retry?: RetryPolicy;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** Told about each retry (for the logs). */
  onRetry?: (attempt: number, delayMs: number, error: RampError) => void;
  /** Told when a list answer had unusable items that were left out (see RampClientOptions). */
  onDropped?: RampClientOptions['onDropped'];
  /** Told of each attempt once its answer is read, or it failed (the metrics). */
  onAttempt?: (url: string, outcome: UpstreamOutcome, ms: number, partner?: string) => void;
}

export function createUpstream(config: ServerConfig, o: UpstreamOptions): Upstream {
  const { baseUrl, apiKey, serviceVersion, versionHeader, timeoutMs, maxResponseBytes } = config.upstream;
  const retry = o.retry ?? READ_RETRY;
  const sleep = o.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const random = o.random ?? Math.random;
  // Redirects are not followed: a 3xx is an upstream fault, and following one could carry the
  // Authorization header to a host the operator never configured. Mode 'error' rather than
  // 'manual': fetch then also spares the copy of the request body it keeps to follow one.
  // Bodies are read here, up to the cap, so an oversized answer never fills memory or the cache.
  const fetchCapped: typeof fetch = async (input, init) => {
    let res: Response;
    try {
      res = await o.fetch(input, { ...init, redirect: 'error' });
    } catch (e) {
      throw isRedirectRefusal(e) ? new UpstreamRedirect() : e;
    }
    // A fetch that answers with the redirect itself (the in-process sandbox's, a test's).
    if (REDIRECTS.has(res.status)) {
      await res.body?.cancel().catch(() => undefined);
      throw new UpstreamRedirect();
    }
    return readCapped(res, maxResponseBytes);
  };
  const onAttempt = o.onAttempt;
  const attemptsOf = (partner?: string): typeof fetch =>
    !onAttempt
      ? fetchCapped
      : async (input, init) => {
          const started = performance.now();
          const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
          try {
            const res = await fetchCapped(input, init);
            onAttempt(
              url,
              res.status >= 500 ? 'server_error' : res.status >= 400 ? 'client_error' : 'ok',
              performance.now() - started,
              partner,
            );
            return res;
          } catch (e) {
            const timedOut = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
            onAttempt(url, timedOut ? 'timeout' : 'network_error', performance.now() - started, partner);
            throw e;
          }
        };
  const fetchNoRedirect = attemptsOf();
  const clientFor = (scope: CallScope = {}): RampClient => {
    const signal = scope.deadline?.signal;
    const attemptMs = scope.timeoutMs ?? timeoutMs;
    return createRampClient({
      baseUrl,
      readers: upstreamReaders,
      apiKey,
      serviceVersion,
      versionHeader,
      // No timer per attempt when the deadline ends first anyway (the defaults: both 10 s): its
      // signal ends the call, and the answer is the same 504.
      timeoutMs: scope.deadline && attemptMs >= scope.deadline.remainingMs() ? 0 : attemptMs,
      onDropped: o.onDropped,
      // The client links the scope's signal into each call's own (AbortSignal.any per call costs
      // tens of microseconds on Node 20).
      signal,
      fetch: scope.partner === undefined ? fetchNoRedirect : attemptsOf(scope.partner),
    });
  };
  const client = clientFor();

  // Every failure leaves here scrubbed: the code of the documented shape, no copy of the key.
  const scrub = secretScrubber(apiKey);
  const clean = (e: unknown): unknown => {
    if (!(e instanceof RampError)) return e;
    if (e.cause instanceof UpstreamRedirect) {
      return new RampError(
        'UPSTREAM_REDIRECT',
        'The ramp service answered with a redirect, which is not followed',
        502,
        { retryable: false },
      );
    }
    if (e.cause instanceof ResponseTooLarge) {
      return new RampError(
        'UPSTREAM_RESPONSE_TOO_LARGE',
        `The ramp service sent an answer larger than ${maxResponseBytes} bytes`,
        502,
        { retryable: false },
      );
    }
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
  // All upstream calls of this server together, whoever asked (RAMP_UPSTREAM_CONCURRENCY).
  const slots = new Semaphore(config.upstream.concurrency);
  const guarded = async <T>(run: () => Promise<T>, scope: CallScope): Promise<T> => {
    try {
      return await slots.run(run, scope.deadline?.signal);
    } catch (e) {
      // Cut off by the scope: the deadline's 504, or the browser's leaving.
      const d = scope.deadline;
      if (d?.signal.aborted) throw d.expired ? timeoutError() : new ClientAbort(d.signal.reason);
      throw clean(e);
    }
  };

  return {
    client,
    read: (call, scope = {}) => readWithRetries(call, scope),
    write: (call, scope = {}) => {
      const c = scope.deadline || scope.timeoutMs || scope.partner ? clientFor(scope) : client;
      return guarded(() => call(c), scope);
    },
  };

  async function readWithRetries<T>(call: (client: RampClient) => Promise<T>, scope: CallScope): Promise<T> {
    const c = scope.deadline || scope.timeoutMs || scope.partner ? clientFor(scope) : client;
    for (let attempt = 0; ; attempt++) {
      try {
        return await guarded(() => call(c), scope);
      } catch (e) {
        if (!(e instanceof RampError) || !e.retryable || e.code === 'ABORTED' || attempt >= retry.retries)
          throw e;
        // Full jitter: a uniformly random wait up to the exponential cap spreads retrying clients out.
        const cap = backoff(attempt, { firstMs: retry.baseDelayMs, maxMs: retry.maxDelayMs });
        const delay = Math.round(random() * cap);
        // No retry that could not finish before the deadline.
        if (scope.deadline && delay >= scope.deadline.remainingMs()) throw e;
        o.onRetry?.(attempt + 1, delay, e);
        await sleep(delay);
      }
    }
  }
}

const timeoutError = () => new RampError('TIMEOUT', 'The request deadline passed', 0, { retryable: true });

/** An upstream answer that was a redirect (seen by the api client as a failed fetch). */
export class UpstreamRedirect extends Error {
  constructor() {
    super('The upstream answered with a redirect');
    this.name = 'UpstreamRedirect';
  }
}

/** The statuses fetch follows. */
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** How Node's fetch refuses a redirect in mode 'error' (any other failure stays a network error). */
const isRedirectRefusal = (e: unknown): boolean =>
  e instanceof TypeError && e.cause instanceof Error && e.cause.message === 'unexpected redirect';

/** An upstream answer over the size cap (seen by the api client as a failed fetch). */
export class ResponseTooLarge extends Error {
  constructor(limit: number) {
    super(`The upstream answer is larger than ${limit} bytes`);
    this.name = 'ResponseTooLarge';
  }
}

/**
 * The response with its body read into memory, refusing (and cancelling) one over `limit` bytes,
 * whether it says so in Content-Length or streams it.
 */
export async function readCapped(res: Response, limit: number): Promise<Response> {
  const declared = Number(res.headers.get('content-length') ?? '0');
  if (declared > limit) {
    await res.body?.cancel().catch(() => undefined);
    throw new ResponseTooLarge(limit);
  }
  // A declared length within the limit is the body's length (the HTTP parser reads exactly that
  // much), unless the body is compressed (fetch inflates it: the length is the compressed one).
  // Then there is nothing to count: the body is read once, by whoever parses it.
  const encoding = res.headers.get('content-encoding');
  const exact = res.headers.has('content-length') && (encoding === null || encoding === 'identity');
  if (!res.body || exact) return res;
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new ResponseTooLarge(limit);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) {
    body.set(c, offset);
    offset += c.byteLength;
  }
  const noBody = res.status === 204 || res.status === 304 || (res.status >= 100 && res.status < 200);
  return new Response(noBody ? null : body, {
    status: res.status,
    statusText: res.statusText,
    headers: res.headers,
  });
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
  // A declared route's own checks (api/routes/mount.ts): the server's codes, with their details.
  if (e instanceof Refusal) {
    return new HttpError(e.status, e.code, e.message, {
      extra: e.details ? { details: e.details } : undefined,
      headers: e.headers,
    });
  }
  if (!(e instanceof RampError)) throw e;
  // The upstream's code, of the documented shape (scrub.ts), passes on as it is.
  const code = (ERROR_CODE_RE.test(e.code) ? e.code : FALLBACK_CODE) as PassedCode;
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
