// A client on a real socket, from a chosen source address: Linux loopback accepts any 127/8 address
// as a local one, so 127.0.0.1 and 127.0.0.2 are two shoppers to the server on 127.0.0.1.
import { request } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  json<T = Record<string, unknown>>(): T;
}

export interface SendOptions {
  method?: string;
  headers?: Record<string, string | string[]>;
  body?: string | Buffer;
  /** The source address of the connection. @default '127.0.0.1' */
  from?: string;
}

/** One request on its own connection; rejects when the connection fails before a whole answer. */
export function send(origin: string, path: string, o: SendOptions = {}): Promise<Answer> {
  const url = new URL(path, origin);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: o.method ?? (o.body === undefined ? 'GET' : 'POST'),
        headers: o.headers,
        localAddress: o.from ?? '127.0.0.1',
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text,
            json: <T>() => JSON.parse(text) as T,
          });
        });
      },
    );
    req.on('error', reject);
    req.end(o.body);
  });
}

/** A JSON POST. */
export const postJson = (
  origin: string,
  path: string,
  body: unknown,
  o: Omit<SendOptions, 'body' | 'method'> = {},
): Promise<Answer> =>
  send(origin, path, {
    ...o,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...o.headers },
    body: JSON.stringify(body),
  });
