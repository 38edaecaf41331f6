// An upstream that echoes the API key back in its error text, in any form: nothing of the key
// reaches the browser or the log, whatever the encoding (through the server as `npm start` runs it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUOTE_BODY } from '../testing/session';
import { postJson } from '../testing/client';
import { listeningTestServer, type ListeningTestServer } from '../testing/server';
import { QUOTE_PATH, TEST_KEY } from '../testing/upstream';

const b64 = (s: string) => Buffer.from(s).toString('base64');
const percentAll = (s: string) =>
  [...Buffer.from(s)].map((b) => `%${b.toString(16).padStart(2, '0').toUpperCase()}`).join('');

const ECHOES: Record<string, string> = {
  raw: TEST_KEY,
  'lower case': TEST_KEY.toLowerCase(),
  'upper case': TEST_KEY.toUpperCase(),
  quoted: JSON.stringify(TEST_KEY),
  base64: b64(TEST_KEY),
  base64url: Buffer.from(TEST_KEY).toString('base64url'),
  'base64 Basic credentials': `Basic ${b64(`${TEST_KEY}:`)}`,
  'base64 in a larger value': b64(`{"authorization":"BASIC ${TEST_KEY}"}`),
  hex: Buffer.from(TEST_KEY).toString('hex'),
  'upper-case hex': Buffer.from(TEST_KEY).toString('hex').toUpperCase(),
  'URL-encoded': percentAll(TEST_KEY),
  'spaced out': TEST_KEY.split('').join(' '),
  'dotted and cut': TEST_KEY.slice(3, 20).split('').join('.'),
};

const alnum = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
/** Every 8-character run of the letters and digits of `s`. */
const fragments = (s: string) => {
  const k = alnum(s);
  return Array.from({ length: k.length - 7 }, (_, i) => k.slice(i, i + 8));
};

let t: ListeningTestServer<'fake'>;
beforeAll(async () => {
  t = await listeningTestServer({ upstream: 'fake', env: { RAMP_RATE_LIMIT_QUOTE: '999/999' } });
});
afterAll(() => t.close());

describe('an upstream error text echoing the key', () => {
  it.each(Object.entries(ECHOES))('%s: reaches neither the browser nor the log', async (_, echo) => {
    t.upstream.on('/payments/crypto/quote', () => ({
      status: 400,
      body: { code: 'BAD_REQUEST', message: `Unknown credentials ${echo} for this account`, details: [echo] },
    }));
    const lines = t.lines.length;
    const res = await postJson(t.origin, QUOTE_PATH, QUOTE_BODY);
    expect(res.status).toBe(400);
    const seen = alnum(`${JSON.stringify(res.headers)}${res.text}${t.lines.slice(lines).join('\n')}`);
    // Neither a piece of the key nor a piece of its echo (the encoded form) is a leak.
    for (const f of [...fragments(TEST_KEY), ...fragments(echo.replace(/^Basic /, ''))]) {
      expect(seen).not.toContain(f);
    }
    expect(res.json<{ code: string }>().code).toBe('BAD_REQUEST');
  });
});
