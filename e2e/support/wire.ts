// What the browser sends and receives, recorded for assertions on the wire: every request of a
// context (the checkout page and the partner's window), and every response with its body.
import type { BrowserContext, Request, Response } from '@playwright/test';

export interface SentRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | null;
}

export interface ReceivedResponse {
  url: string;
  status: number;
  headers: Record<string, string>;
  contentType: string;
  /** null when the browser kept no body (redirects, aborted loads). */
  body: string | null;
}

export interface WireLog {
  requests: SentRequest[];
  /** The requests so far, each with all its headers. */
  settledRequests(): Promise<SentRequest[]>;
  /** Every response seen so far, bodies read. */
  responses(): Promise<ReceivedResponse[]>;
  /** JSON bodies of the requests to `path` (a pathname below /api/ramp, e.g. /payments/crypto/quote). */
  bodiesTo(path: string): unknown[];
}

async function read(response: Response): Promise<ReceivedResponse> {
  const headers = await response.allHeaders();
  let body: string | null = null;
  try {
    body = (await response.body()).toString('utf8');
  } catch {
    body = null;
  }
  return {
    url: response.url(),
    status: response.status(),
    headers,
    contentType: headers['content-type'] ?? '',
    body,
  };
}

export function recordWire(context: BrowserContext): WireLog {
  const requests: SentRequest[] = [];
  const pending: Promise<ReceivedResponse>[] = [];
  const headerReads: Promise<void>[] = [];
  context.on('request', (r: Request) => {
    const sent: SentRequest = { url: r.url(), method: r.method(), headers: r.headers(), body: r.postData() };
    requests.push(sent);
    // headers() leaves out security-related ones; allHeaders() has all that went on the wire.
    headerReads.push(
      r.allHeaders().then(
        (all) => void (sent.headers = all),
        () => undefined,
      ),
    );
  });
  context.on('response', (r: Response) => {
    pending.push(read(r));
  });
  return {
    requests,
    settledRequests: async () => {
      await Promise.all(headerReads);
      return requests;
    },
    responses: () => Promise.all(pending),
    bodiesTo: (path) =>
      requests
        .filter((r) => r.method === 'POST' && new URL(r.url).pathname === `/api/ramp${path}`)
        .map((r) => JSON.parse(r.body ?? 'null') as unknown),
  };
}
