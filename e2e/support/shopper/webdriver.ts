// A WebDriver classic client over HTTP: the few commands the WebKit lane needs
// (https://www.w3.org/TR/webdriver2/), each answer's error raised with the command that got it.
import { request } from 'node:http';

export class WebDriverError extends Error {
  constructor(
    readonly command: string,
    readonly error: string,
    message: string,
  ) {
    super(`${command}: ${error}${message ? ` (${message})` : ''}`);
  }
}

export class WebDriverSession {
  private constructor(
    private readonly base: string,
    readonly id: string,
  ) {}

  /** A new session on the driver at `base` (http://host:port). */
  static async create(base: string, capabilities: Record<string, unknown>): Promise<WebDriverSession> {
    const value = await send<{ sessionId: string }>(base, 'POST', '/session', {
      capabilities: { alwaysMatch: capabilities },
    });
    return new WebDriverSession(base, value.sessionId);
  }

  command<T = unknown>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
    return send<T>(this.base, method, `/session/${this.id}${path}`, body);
  }

  end(): Promise<unknown> {
    return this.command('DELETE', '');
  }
}

/**
 * One command on a connection of its own: WebKitWebDriver closes idle connections, and a request
 * sent on one it is closing is lost ("other side closed"), so none is kept alive.
 */
function send<T>(base: string, method: string, path: string, body?: unknown): Promise<T> {
  const command = `${method} ${path.replace(/^\/session\/[^/]+/, '')}`;
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise<T>((resolve, reject) => {
    const req = request(
      `${base}${path}`,
      {
        method,
        agent: false,
        timeout: 60_000,
        headers:
          payload === undefined
            ? {}
            : { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => {
          try {
            const { value } = JSON.parse(text) as { value: T & { error?: string; message?: string } };
            if (res.statusCode === 200) resolve(value);
            else
              reject(new WebDriverError(command, value.error ?? String(res.statusCode), value.message ?? ''));
          } catch (error) {
            reject(new WebDriverError(command, `answer not JSON (${res.statusCode})`, String(error)));
          }
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${command}: no answer in 60 s`)));
    req.on('error', reject);
    req.end(payload);
  });
}
