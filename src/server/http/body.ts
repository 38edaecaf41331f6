// The one reader of request bodies, with the limit enforced as the bytes arrive: the JSON routes
// (quotes, sessions, intents) at most MAX_BODY_BYTES, and the raw bytes of a signed webhook.
import { ClientAbort, HttpError, badRequest } from './errors';

export const MAX_BODY_BYTES = 8 * 1024;
/**
 * A body over the limit is still read (and dropped) up to this size before the 413 goes out: the
 * connection closes after that answer, and closing it while the client is still sending would reset
 * it before the client reads the answer. Past this, the client is cut off.
 */
export const MAX_DRAINED_BYTES = 1024 * 1024;
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** Requests whose body the server has read to its end (or refused): see bodyPending. */
const read = new WeakSet<Request>();

/** Whether the server is still waiting for `req`'s body: a deadline that passes now is the client's (408). */
export const bodyPending = (req: Request): boolean => !read.has(req);

/** The answer when the body did not arrive in time: the client's delay, and the connection is not reused. */
export const bodyTimeout = () =>
  new HttpError(408, 'REQUEST_TIMEOUT', 'The request body did not arrive in time', {
    headers: { Connection: 'close' },
  });

/**
 * Reads a JSON body of at most MAX_BODY_BYTES, stopping as soon as the limit is passed (the
 * declared Content-Length is not trusted on its own).
 */
export async function readJsonBody(req: Request): Promise<unknown> {
  const type = req.headers.get('content-type') ?? '';
  if (!/^application\/json\s*(?:;|$)/i.test(type)) {
    throw new HttpError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'The body must be JSON (Content-Type: application/json)',
    );
  }
  const bytes = await readBody(req, MAX_BODY_BYTES);
  if (bytes.byteLength === 0) throw badRequest('INVALID_JSON', 'The body is empty');
  try {
    return JSON.parse(UTF8.decode(bytes)) as unknown;
  } catch {
    throw badRequest('INVALID_JSON', 'The body is not valid JSON');
  }
}

/** The body's bytes, at most `maxBytes` of them; past that a 413 (after draining, see MAX_DRAINED_BYTES). */
export async function readBody(req: Request, maxBytes: number): Promise<Uint8Array> {
  try {
    return await readUpTo(req, maxBytes);
  } finally {
    read.add(req);
  }
}

async function readUpTo(req: Request, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > maxBytes) {
    if (declared <= MAX_DRAINED_BYTES) await drain(req);
    throw tooLarge(maxBytes);
  }
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch (e) {
      // The body stream fails only when the connection does: the client went away mid-body.
      throw new ClientAbort(e);
    }
    const { done, value } = chunk;
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await drain(req, reader, size);
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

/** Reads the rest of the body into nothing, up to MAX_DRAINED_BYTES in all; a client gone is no error. */
async function drain(req: Request, reader = req.body?.getReader(), read = 0): Promise<void> {
  if (!reader) return;
  try {
    for (let size = read; size <= MAX_DRAINED_BYTES;) {
      const { done, value } = await reader.read();
      if (done) return;
      size += value.byteLength;
    }
    await reader.cancel();
  } catch {
    // The connection failed: the answer goes nowhere anyway.
  }
}

// The connection closes after this answer: what else the client sent on it is not read.
const tooLarge = (maxBytes: number) =>
  new HttpError(413, 'PAYLOAD_TOO_LARGE', `The body must be at most ${maxBytes} bytes`, {
    headers: { Connection: 'close' },
  });
