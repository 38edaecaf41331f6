// Every failure of an upstream call becomes one RampError, here and only here, so the layers above
// switch on `code` and `retryable` instead of on HTTP details.

/** What replaces a credential in any text the package writes: an upstream error's message, a log line. */
export const REDACTED = '[REDACTED]';

export interface RampErrorInit {
  requestId?: string;
  details?: string[];
  /** What the upstream's provider said, when the failure came from it. */
  provider?: { code?: string; message?: string };
  retryable?: boolean;
  cause?: unknown;
}

export class RampError extends Error {
  override readonly name = 'RampError';
  readonly code: string;
  /** HTTP status, or 0 when no response arrived. */
  readonly status: number;
  readonly retryable: boolean;
  readonly requestId?: string;
  details?: string[];
  readonly provider?: { code?: string; message?: string };

  constructor(code: string, message: string, status: number, init: RampErrorInit = {}) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = code;
    this.status = status;
    this.retryable = init.retryable ?? isRetryableStatus(status);
    if (init.requestId !== undefined) this.requestId = init.requestId;
    if (init.details !== undefined) this.details = init.details;
    if (init.provider !== undefined) this.provider = init.provider;
  }
}

/** 408, 425 (too early), 429 and every 5xx: the same request may succeed later. */
export const isRetryableStatus = (status: number): boolean =>
  status === 408 || status === 425 || status === 429 || status >= 500;

const NO_VALID_QUOTES = /no valid quotes/i;

/**
 * "No partner quotes this", however it was said: the code, or the documented message under another
 * code. Takes a RampError, anything with `code`/`message`, or a bare code. The one detection of it.
 */
export function isNoValidQuotes(e: unknown): boolean {
  if (typeof e === 'string') return e === 'NO_VALID_QUOTES';
  if (typeof e !== 'object' || e === null) return false;
  const { code, message } = e as { code?: unknown; message?: unknown };
  return code === 'NO_VALID_QUOTES' || (typeof message === 'string' && NO_VALID_QUOTES.test(message));
}

const STATUS_CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  422: 'UNPROCESSABLE_ENTITY',
  425: 'TOO_EARLY',
  429: 'TOO_MANY_REQUESTS',
};

const codeForStatus = (status: number): string =>
  STATUS_CODES[status] ?? (status >= 500 ? 'UNEXPECTED_ERROR' : `HTTP_${status}`);

const str = (x: unknown): string | undefined => (typeof x === 'string' && x !== '' ? x : undefined);

/**
 * An HTTP error response as a RampError. `body` is the parsed JSON (the documented
 * `{code, message, requestId, timestamp, errors, serviceProviderDetails}`, or a bare JSON string as
 * older revisions sent), or undefined when the body was empty or not JSON.
 */
export function toRampError(status: number, body: unknown): RampError {
  const o = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const message =
    (typeof body === 'string' ? str(body.trim()) : undefined) ??
    str(o.message) ??
    str(o.displayMessage) ??
    `Request failed with HTTP ${status}`;
  // The documented message is recognised whatever code came with it, so callers need one check.
  const code = NO_VALID_QUOTES.test(message) ? 'NO_VALID_QUOTES' : (str(o.code) ?? codeForStatus(status));
  const init: RampErrorInit = {};
  const requestId = str(o.requestId);
  if (requestId) init.requestId = requestId;
  if (Array.isArray(o.errors)) init.details = o.errors.filter((e): e is string => typeof e === 'string');
  const spd = o.serviceProviderDetails;
  if (typeof spd === 'object' && spd !== null) {
    const { code: pc, message: pm } = spd as Record<string, unknown>;
    init.provider = { code: str(pc) ?? (typeof pc === 'number' ? String(pc) : undefined), message: str(pm) };
  }
  return new RampError(code, message, status, init);
}

export const networkError = (cause: unknown): RampError =>
  new RampError('NETWORK_ERROR', 'The service could not be reached', 0, { retryable: true, cause });

export const timeoutError = (ms: number): RampError =>
  new RampError('TIMEOUT', `No response within ${ms} ms`, 0, { retryable: true });

export const abortedError = (): RampError =>
  new RampError('ABORTED', 'The request was aborted', 0, { retryable: false });

/** A 2xx whose body is not what the contract says: the fault is upstream (502), and may be transient. */
export const malformedResponse = (message: string, details?: string[]): RampError =>
  new RampError('MALFORMED_RESPONSE', message, 502, details ? { details } : {});
