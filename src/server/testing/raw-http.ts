// Test support: bytes sent over a plain socket as a client that no HTTP library would write sends
// them (no Host header, HTTP/1.0, a malformed target), and everything that comes back until the
// server closes the connection.
import { connect } from 'node:net';

export interface RawAnswer {
  /** The answer's status (null when none came). */
  status: number | null;
  headers: Record<string, string>;
  body: string;
  /** Everything that came back. */
  text: string;
}

/** Sends `bytes` to 127.0.0.1:`port` and reads until the server closes (a request must say Connection: close or be HTTP/1.0). */
export function rawRequest(port: number | string, bytes: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(Buffer.from(bytes, 'latin1')));
    const chunks: Buffer[] = [];
    socket.on('data', (d: Buffer) => chunks.push(d));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const [head = '', body = ''] = text.split('\r\n\r\n', 2);
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      const m = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine);
      resolve({ status: m ? Number(m[1]) : null, headers, body, text });
    });
  });
}
