// The request as Node's own objects, when the app runs on the Node adapter (which passes them as
// `c.env.incoming` / `c.env.outgoing`). Asking its Request for `body` or `signal` makes the adapter
// build a full fetch Request per call, with a web stream over the body; reading the body and the
// browser's leaving from Node's request directly spares that on every quote and session. Elsewhere
// (another runtime, tests calling app.fetch) the Request's own body and signal are used.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context } from 'hono';
import type { WatchClient } from './deadline';
import { ClientAbort } from './errors';

interface NodeBindings {
  incoming: IncomingMessage;
  outgoing: ServerResponse;
}

function nodeBindings(c: Context): NodeBindings | undefined {
  const env = c.env as Partial<NodeBindings> | undefined;
  return env?.incoming && env.outgoing ? (env as NodeBindings) : undefined;
}

/** Node's request while its body is still unread (null: read the Request's body instead). */
export function unreadIncoming(c: Context): IncomingMessage | null {
  const incoming = nodeBindings(c)?.incoming;
  return incoming && !incoming.readableDidRead && !incoming.readableEnded ? incoming : null;
}

/**
 * The browser's leaving before its answer is sent, for createDeadline: on Node watched on the
 * response itself (no AbortController or event target per request), elsewhere the Request's signal.
 */
export function clientGone(c: Context): AbortSignal | WatchClient {
  const node = nodeBindings(c);
  if (!node) return c.req.raw.signal;
  const { outgoing } = node;
  return (gone) => {
    const closed = () => {
      if (!outgoing.writableFinished) gone('the client closed the connection');
    };
    if (outgoing.closed) {
      closed();
      return () => {};
    }
    outgoing.once('close', closed);
    return () => outgoing.off('close', closed);
  };
}

/**
 * The body of Node's request, up to `limit` bytes: null once it exceeds that (the rest is drained,
 * not kept). Rejects with ClientAbort when the connection fails mid-body.
 */
export function readIncoming(incoming: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      incoming.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        done();
        incoming.resume();
        resolve(null);
      } else chunks.push(chunk);
    };
    const onEnd = () => {
      done();
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
    };
    const onError = (e: Error) => {
      done();
      reject(new ClientAbort(e));
    };
    const onClose = () => {
      if (incoming.complete) return;
      done();
      reject(new ClientAbort('the client closed the connection mid-body'));
    };
    incoming.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose);
  });
}
