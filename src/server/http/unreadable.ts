// A request the Node entry cannot make a URL of (a Host header that names no host, a backslash in
// the path, an absolute target that is no URL) never reaches the app. The server it was sent to
// still answers it, 400 INVALID_PATH with a request id, and logs it as it logs every request, so a
// balancer's or a scanner's refused requests show in the log. Kept per server, out of its public
// interface: createRampServer registers each server's logger, nodeHandler asks for the answer.
import { randomUUID } from 'node:crypto';
import type { Logger } from './log';

export interface UnreadableRequest {
  method?: string;
  /** The request target as received. */
  target?: string;
  /** The socket's peer. */
  ip?: string;
}

const answers = new WeakMap<object, Logger>();

/** Makes `server`'s answers to unreadable requests logged by `log`. */
export function logUnreadable(server: object, log: Logger): void {
  answers.set(server, log);
}

/** The answer to a request the entry could not read, logged when `server` is a RampServer. */
export function unreadableAnswer(server: object, r: UnreadableRequest): Response {
  const requestId = randomUUID();
  answers.get(server)?.info('request', {
    requestId,
    method: r.method,
    // The path only, as the app logs it: a query string may carry what must not be logged.
    path: (r.target ?? '').split('?')[0]!.slice(0, 200),
    client: r.ip,
    status: 400,
    ms: 0,
    unreadable: true,
  });
  return Response.json(
    { code: 'INVALID_PATH', message: 'The request target or its Host header is not valid', requestId },
    { status: 400, headers: { 'Cache-Control': 'no-store', 'X-Request-Id': requestId } },
  );
}
