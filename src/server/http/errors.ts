// One error type for everything the proxy refuses or fails with. The app turns it into the JSON
// body of docs/CONTRACTS.md §1, `{ code, message, requestId }`, plus any documented extra fields.
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export class HttpError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: string;
  /** Extra body fields (e.g. `details`, `replacement`). */
  readonly extra: Record<string, unknown> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    status: ContentfulStatusCode,
    code: string,
    message: string,
    opts: { extra?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.code = code;
    this.extra = opts.extra;
    this.headers = opts.headers;
  }
}

export const notFound = (message = 'Not found'): HttpError => new HttpError(404, 'NOT_FOUND', message);
export const badRequest = (code: string, message: string, details?: string[]): HttpError =>
  new HttpError(400, code, message, details ? { extra: { details } } : {});

/**
 * The browser went away before the server had its request (a body cut off, the connection closed):
 * nobody's fault and nobody to answer. Recorded as a client abort (status 499), never as a 5xx.
 */
export class ClientAbort extends Error {
  constructor(cause?: unknown) {
    super('The client closed the request', cause === undefined ? undefined : { cause });
    this.name = 'ClientAbort';
  }
}

/** The status a client abort is logged with (nginx's "client closed request"). */
export const CLIENT_CLOSED_REQUEST = 499;
