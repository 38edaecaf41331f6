// Helpers for tests that drive the sandbox over HTTP semantics (sandbox.fetch): a controllable
// clock and JSON request shorthands. Used by this folder's tests; other layers may use it too.

import { createSandbox, type Sandbox, type SandboxOptions } from './sandbox';

export const TEST_API_KEY = 'sk_test_sandbox_key';
/** A fixed start time: 2026-03-01T12:00:00Z. */
export const TEST_START = Date.parse('2026-03-01T12:00:00Z');

export { BTC_WALLET, buySession } from '../api/test-sessions';

export interface TestSandbox {
  sandbox: Sandbox;
  /** Moves the sandbox clock forward. */
  advance(ms: number): void;
  now(): number;
  get(path: string, headers?: Record<string, string>): Promise<Response>;
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
  /** GET and parse JSON, with the status. */
  getJson<T = unknown>(path: string): Promise<{ status: number; body: T; headers: Headers }>;
  postJson<T = unknown>(path: string, body: unknown): Promise<{ status: number; body: T; headers: Headers }>;
}

export function createTestSandbox(options: Partial<SandboxOptions> = {}): TestSandbox {
  let time = TEST_START;
  const sandbox = createSandbox({ apiKey: TEST_API_KEY, now: () => time, ...options });
  const auth = { Authorization: `BASIC ${TEST_API_KEY}` };
  const get = (path: string, headers: Record<string, string> = {}) =>
    sandbox.fetch(`http://upstream.test${path}`, { headers: { ...auth, ...headers } });
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    sandbox.fetch(`http://upstream.test${path}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const parse = async <T>(res: Response) => ({
    status: res.status,
    body: (await res.json()) as T,
    headers: res.headers,
  });
  return {
    sandbox,
    advance: (ms) => {
      time += ms;
    },
    now: () => time,
    get,
    post,
    getJson: async (path) => parse(await get(path)),
    postJson: async (path, body) => parse(await post(path, body)),
  };
}
