// Bad input at every boundary of the proxy, mostly as properties: query strings, JSON bodies,
// amounts, wallet addresses, sizes, content types, methods and headers. Whatever arrives, the
// answer is a 4xx JSON error with code, message and requestId, never a 5xx, never an upstream call
// for something the proxy refused, and nothing leaks into Object.prototype.
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../http/body';
import { IDEMPOTENCY_KEY_RE } from '../proxy/sessions/idempotency';
import { RULES } from '../proxy/allowlist';
import type { Param, Params } from '../../api/routes/spec';
import { methodArb, pathArb } from '../testing/paths';
import { SESSION_PATH, json, quoteFor } from '../testing/upstream';
import { QUOTE_BODY, SESSION_BODY } from '../testing/session';
import { errorBody } from '../testing/error-body';
import {
  ADMIN_TOKEN,
  HARDENING_ENV,
  listeningTestServer,
  testServer,
  type ListeningTestServer,
} from '../testing/server';

const QUOTE = '/api/ramp/payments/crypto/quote';
const SESSION = '/api/ramp/crypto/session/widget';
const POLLUTION_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

const UNLIMITED = { RAMP_RATE_LIMIT_QUOTE: '999999/999999', RAMP_RATE_LIMIT_SESSION: '999999/999999' };
const app = () => testServer({ upstream: 'fake', env: UNLIMITED });

afterEach(() => {
  // Nothing any request sent may have reached the prototype of every object.
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain('polluted');
});

/** Path parameters the fake upstream knows. */
const PARAMS: Record<string, string> = {
  country: 'US',
  category: 'CRYPTO_ONRAMP',
  source: 'USD',
  destination: 'BTC',
  sessionId: 'sess1',
  transactionId: 'tx-sess1',
};

/** A concrete path for each GET rule. */
const GET_ROUTES = RULES.filter((r) => r.method === 'GET').map((rule) => {
  const path = rule.path.replace(/:(\w+)/g, (_, name: string) => PARAMS[name] ?? 'id_1');
  return { rule, query: rule.query ?? {}, url: `/api/ramp${path}` };
});

// Characters no query validator accepts (comma aside: partner lists use it).
const FOREIGN = fc.constantFrom(
  ' ',
  '<',
  '>',
  '"',
  "'",
  '{',
  '}',
  '\u0000',
  '\n',
  'é',
  '😀',
  '$',
  ';',
  '*',
  '(',
  '!',
);
const badValue = fc.oneof(
  fc.constant(''),
  fc.tuple(fc.string({ maxLength: 10 }), FOREIGN, fc.string({ maxLength: 10 })).map((p) => p.join('')),
);
/** A query parameter's kind, by its JSON Schema: a pattern, or a typed one (int, date, datetime). */
const kindOf = (p: Param): string =>
  p.json.type === 'integer'
    ? 'int'
    : p.json.format === 'date'
      ? 'date'
      : p.json.format === 'date-time'
        ? 'datetime'
        : 're';
// Values of the right characters but the wrong form, for the typed parameters (int, date, datetime).
const BAD_TYPED: Record<string, string[]> = {
  int: ['-1', '0', '101', '1e2', '0x10', '1.5', 'NaN', '9999999'],
  date: ['2026-02-30', '2026-2-3', '20260203', '2026-02-03T00:00:00Z'],
  datetime: ['2026-02-01T25:00:00Z', '2026-02-01', '2026-02-01T00:00:00+01:00', '2026-02-31T00:00:00Z'],
};
const unknownName = fc.oneof(
  fc.constantFrom(
    ...POLLUTION_KEYS,
    'hasOwnProperty',
    'toString',
    'valueOf',
    'category[]',
    '__proto__[polluted]',
  ),
  fc.string({ minLength: 1, maxLength: 12 }),
);

describe('query strings', () => {
  it('an unknown, repeated or invalid parameter is refused before any upstream call (property)', async () => {
    const t = app();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...GET_ROUTES),
        fc.oneof(
          // An unknown name (prototype keys included), with any value.
          unknownName.map((name) => ({ bad: [[name, 'yes']] as [string, string][] })),
          // A known name with a value no validator accepts.
          badValue.map((value) => ({ bad: [['__known__', value]] as [string, string][] })),
          // A typed parameter (limit, dates) with a value of the wrong form.
          fc.nat().map((i) => ({ bad: [['__typed__', String(i)]] as [string, string][] })),
          // A known name twice.
          fc.constant({ bad: [['__repeat__', '']] as [string, string][] }),
        ),
        async (route, { bad }) => {
          const query: Params = route.query;
          const names = Object.keys(query);
          const params = new URLSearchParams();
          for (const [name, value] of bad) {
            const typed = names.find((n) => kindOf(query[n]!) !== 're');
            if (name === '__typed__') {
              if (typed) {
                const choices = BAD_TYPED[kindOf(query[typed]!)]!;
                params.append(typed, choices[Number(value) % choices.length]!);
              } else params.append(names[0] ?? 'unknown', '');
            } else if (name === '__known__' || name === '__repeat__') {
              if (names.length === 0) params.append('unknown', value);
              else if (name === '__known__') params.append(names[0]!, value);
              else {
                params.append('limit' in query ? 'limit' : names[0]!, '5');
                params.append('limit' in query ? 'limit' : names[0]!, '5');
              }
            } else if (!Object.hasOwn(query, name)) params.append(name, value);
            else params.append('not-a-parameter', value);
          }
          const before = t.upstream.calls.length;
          const res = await t.request(`${route.url}?${params}`, {
            headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'X-Ramp-Tracking': 'x.y' },
          });
          // Tracking routes answer 404 to a stranger before they read the query (nothing is revealed).
          expect(res.status).toBe(route.rule.access.startsWith('tracking') ? 404 : 400);
          const body = await errorBody(res);
          if (res.status === 400) expect(body.code).toBe('INVALID_QUERY_PARAMETER');
          expect(t.upstream.calls.length).toBe(before);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('any query string at all: a 2xx or a 4xx JSON error, never a 5xx (property)', async () => {
    const t = app();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...GET_ROUTES),
        fc.oneof(
          fc.string({ maxLength: 60 }),
          fc.string({ unit: 'binary', maxLength: 60 }),
          fc.constant('a='.repeat(1200)),
        ),
        async (route, query) => {
          const before = t.upstream.calls.length;
          const res = await t.request(`${route.url}?${encodeURI(query)}`, {
            headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
          });
          expect(res.status).toBeLessThan(500);
          if (res.status >= 400) {
            await errorBody(res);
            // The fake upstream answers every allowlisted call with 200: a 4xx was the proxy's own.
            expect(t.upstream.calls.length).toBe(before);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('an overlong query string is 414, not forwarded', async () => {
    const t = app();
    const res = await t.request(`/api/ramp/bootstrap?country=${'A'.repeat(3000)}`);
    expect(res.status).toBe(414);
    expect((await errorBody(res)).code).toBe('URI_TOO_LONG');
    expect(t.upstream.calls).toHaveLength(0);
  });
});

/** JSON text from entries, so `__proto__` stays an own key as a browser could send it. */
const objectText = (entries: [string, string][]) =>
  `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`;
const jsonText = fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v) ?? 'null');
const pollutingValue = fc.constantFrom('{"polluted":"yes"}', '{"__proto__":{"polluted":"yes"}}', '"yes"');

/** Bodies that are never a valid quote or session request. */
const badBody = (base: Record<string, unknown>) => {
  const fields = Object.keys(base);
  const baseEntries = () => fields.map((f): [string, string] => [f, JSON.stringify(base[f])]);
  return fc.oneof(
    // Not an object at all (arrays, strings, numbers, null, booleans).
    fc
      .jsonValue({ maxDepth: 2 })
      .filter((v) => typeof v !== 'object' || v === null || Array.isArray(v))
      .map((v) => JSON.stringify(v) ?? 'null'),
    // A valid body plus a prototype-pollution key or an unknown field.
    fc
      .tuple(
        fc.oneof(fc.constantFrom(...POLLUTION_KEYS), fc.string({ minLength: 1, maxLength: 12 })),
        fc.oneof(pollutingValue, jsonText),
      )
      .filter(([k]) => !fields.includes(k))
      .map(([k, v]) => objectText([...baseEntries(), [k, v]])),
    // A field of the wrong type: strings for numbers, numbers/arrays/objects for strings.
    fc
      .tuple(fc.constantFrom(...fields), fc.jsonValue({ maxDepth: 2 }))
      .filter(([f, v]) => typeof v !== typeof base[f] || (typeof v === 'object' && v !== null))
      .map(([f, v]) =>
        objectText(baseEntries().map(([k, e]) => [k, k === f ? (JSON.stringify(v) ?? 'null') : e])),
      ),
    // Random objects of pollution keys and junk.
    fc
      .array(
        fc.tuple(
          fc.oneof(fc.constantFrom(...POLLUTION_KEYS), fc.string({ maxLength: 8 })),
          fc.oneof(pollutingValue, jsonText),
        ),
        {
          maxLength: 6,
        },
      )
      .map(objectText),
  );
};

describe('JSON bodies', () => {
  const quoteBase = QUOTE_BODY as Record<string, unknown>;
  const sessionBase = SESSION_BODY as Record<string, unknown>;

  it.each([
    ['quote', QUOTE, quoteBase],
    ['session', SESSION, sessionBase],
  ] as const)(
    'a bad %s body is refused with 400 and never forwarded (property)',
    async (_name, path, base) => {
      const t = app();
      let n = 0;
      await fc.assert(
        fc.asyncProperty(badBody(base), async (text) => {
          const res = await t.request(path, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `bad-body-key-${++n}` },
            body: text,
          });
          expect(res.status).toBe(text.length > MAX_BODY_BYTES ? 413 : 400);
          const body = await errorBody(res);
          expect(['INVALID_BODY', 'INVALID_JSON', 'FIELD_NOT_ALLOWED', 'PAYLOAD_TOO_LARGE']).toContain(
            body.code,
          );
          expect(t.upstream.calls).toHaveLength(0);
        }),
        { numRuns: 300 },
      );
    },
  );

  it('names the offending field in the message', async () => {
    const t = app();
    const res = await t.request(QUOTE, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: objectText([
        ...Object.entries(QUOTE_BODY).map(([k, v]): [string, string] => [k, JSON.stringify(v)]),
        ['__proto__', '{"polluted":"yes"}'],
      ]),
    });
    expect(await errorBody(res)).toMatchObject({
      code: 'INVALID_BODY',
      message: expect.stringContaining('__proto__'),
    });
  });

  it.each([
    ['deeply nested arrays', `${'['.repeat(4000)}${']'.repeat(4000)}`],
    ['deeply nested objects', `${'{"a":'.repeat(1200)}1${'}'.repeat(1200)}`],
    ['nesting inside a known field', `{"countryCode":${'['.repeat(3000)}${']'.repeat(3000)}}`],
    [
      'a huge string within the size limit',
      JSON.stringify({ ...QUOTE_BODY, walletAddress: 'a'.repeat(8000) }),
    ],
    ['a huge multi-byte string', JSON.stringify({ ...QUOTE_BODY, walletAddress: '€'.repeat(2000) })],
    ['an empty body', ''],
    ['whitespace', '   '],
    ['two JSON documents', '{}{}'],
    ['a trailing comma', '{"countryCode":"US",}'],
    ['a lone surrogate', '{"countryCode":"\\ud800"}'],
  ])('%s: a clear 4xx, no upstream call', async (_name, body) => {
    const t = app();
    const res = await t.request(QUOTE, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    });
    expect([400, 413]).toContain(res.status);
    await errorBody(res);
    expect(t.upstream.calls).toHaveLength(0);
  });

  it('refuses invalid UTF-8 as not JSON', async () => {
    const t = app();
    const bytes = new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]);
    const res = await t.request(QUOTE, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: bytes,
    });
    expect((await errorBody(res)).code).toBe('INVALID_JSON');
  });
});

describe('sizes', () => {
  const padded = (bytes: number) => {
    const base = JSON.stringify({ ...QUOTE_BODY, walletAddress: '' });
    return JSON.stringify({ ...QUOTE_BODY, walletAddress: 'a'.repeat(bytes - base.length) });
  };

  it('reads a body up to the limit and refuses one byte more with 413', async () => {
    const t = app();
    const at = await t.request(QUOTE, json(JSON.parse(padded(MAX_BODY_BYTES))));
    expect(at.status).toBe(400); // read and parsed: refused for its content, not its size
    const over = await t.request(QUOTE, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: padded(MAX_BODY_BYTES + 1),
    });
    expect(over.status).toBe(413);
    expect((await errorBody(over)).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('counts the bytes that arrive, whatever Content-Length says, and streams without one', async () => {
    const t = app();
    const big = 'x'.repeat(MAX_BODY_BYTES * 4);
    const lying = await t.request(QUOTE, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': '10' },
      body: big,
    });
    expect(lying.status).toBe(413);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 64; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(1024)));
        controller.close();
      },
    });
    const chunked = await t.request(QUOTE, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
    const declared = await t.request(QUOTE, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(10 * MAX_BODY_BYTES) },
      body: '{}',
    });
    expect(declared.status).toBe(413);
    expect(t.upstream.calls).toHaveLength(0);
  });
});

describe('content types', () => {
  it.each([
    undefined,
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/jsonx',
    'application/json-patch+json',
    'text/json',
    'application/xml',
  ])('%s is 415', async (type) => {
    const t = app();
    const headers: Record<string, string> = type ? { 'Content-Type': type } : {};
    for (const path of [QUOTE, SESSION]) {
      const res = await t.request(path, {
        method: 'POST',
        headers: { ...headers, 'Idempotency-Key': 'content-type-key-1' },
        body: JSON.stringify(path === QUOTE ? QUOTE_BODY : SESSION_BODY),
      });
      expect(res.status).toBe(415);
      expect((await errorBody(res)).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    expect(t.upstream.calls).toHaveLength(0);
  });

  it.each(['application/json; charset=utf-8', 'Application/JSON', 'application/json;charset=UTF-8'])(
    '%s is read',
    async (type) => {
      const t = app();
      const res = await t.request(QUOTE, {
        method: 'POST',
        headers: { 'Content-Type': type },
        body: JSON.stringify(QUOTE_BODY),
      });
      expect(res.status).toBe(200);
    },
  );
});

describe('methods', () => {
  const ODD = [
    'PUT',
    'DELETE',
    'PATCH',
    'PROPFIND',
    'PROPPATCH',
    'MKCOL',
    'COPY',
    'MOVE',
    'LOCK',
    'UNLOCK',
    'SEARCH',
    'PURGE',
    'FOO',
  ];

  it('every allowlisted path answers an odd method with 405 and Allow, no upstream call', async () => {
    const t = app();
    for (const { url, rule } of [
      ...GET_ROUTES,
      ...RULES.filter((r) => r.method === 'POST').map((rule) => ({
        rule,
        url: `/api/ramp${rule.path}`,
      })),
    ]) {
      for (const method of [...ODD, rule.method === 'GET' ? 'POST' : 'GET', 'OPTIONS']) {
        const res = await t.request(url, { method });
        expect(res.status).toBe(405);
        expect(res.headers.get('allow')).toBe(rule.method);
        expect((await errorBody(res)).code).toBe('METHOD_NOT_ALLOWED');
      }
    }
    expect(t.upstream.calls).toHaveLength(0);
  });

  it('HEAD of a POST route is 405; HEAD of a GET route answers like GET without a body', async () => {
    const t = app();
    expect((await t.request(QUOTE, { method: 'HEAD' })).status).toBe(405);
    const head = await t.request('/api/ramp/bootstrap', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });
});

describe('headers', () => {
  it('a malformed Idempotency-Key is refused without echoing it (property)', async () => {
    const t = app();
    const headerSafe = fc
      .string({
        unit: fc.integer({ min: 0x21, max: 0xff }).map((c) => String.fromCharCode(c)),
        minLength: 1,
        maxLength: 120,
      })
      .filter((k) => !IDEMPOTENCY_KEY_RE.test(k));
    await fc.assert(
      fc.asyncProperty(headerSafe, async (key) => {
        const res = await t.request(SESSION, json(SESSION_BODY, { 'Idempotency-Key': key }));
        expect(res.status).toBe(400);
        const body = await errorBody(res);
        expect(body).toEqual({
          code: 'INVALID_IDEMPOTENCY_KEY',
          message: 'Idempotency-Key must be 8 to 64 characters of A-Z a-z 0-9 - _',
          requestId: expect.any(String),
        });
        for (const [name] of res.headers) expect(name).not.toMatch(/idempotency|injected/i);
      }),
      { numRuns: 200 },
    );
    expect(t.upstream.calls).toHaveLength(0);
  });

  it('a random tracking token reads nothing and costs no upstream call (property)', async () => {
    const t = app();
    await fc.assert(
      fc.asyncProperty(
        fc.string({
          unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)),
          maxLength: 600,
        }),
        async (token) => {
          const res = await t.request('/api/ramp/payments/transactions/sessions/sess1', {
            headers: { 'X-Ramp-Tracking': token },
          });
          expect(res.status).toBe(404);
          expect((await errorBody(res)).code).toBe('NOT_FOUND');
        },
      ),
      { numRuns: 200 },
    );
    expect(t.upstream.calls).toHaveLength(0);
  });

  it('any Accept-Language still gets the first screen (property)', async () => {
    const t = app();
    await fc.assert(
      fc.asyncProperty(
        fc.string({
          unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
          maxLength: 2000,
        }),
        async (lang) => {
          const res = await t.request('/api/ramp/bootstrap', { headers: { 'Accept-Language': lang } });
          expect(res.status).toBe(200);
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('amounts and wallet addresses, against the sandbox', () => {
  const localeAmounts = fc.oneof(
    fc.constantFrom(
      '1.000,50',
      '1,000.50',
      '1 000',
      '١٠٠',
      '100€',
      '$100',
      '1e3',
      '1E3',
      '-5',
      '+5',
      '0x10',
      'Infinity',
      'NaN',
      ' 100',
      '100 ',
      '1.',
      '.5',
      '01',
      '9'.repeat(13),
      `1.${'1'.repeat(19)}`,
      '',
      '0',
      '0.00',
    ),
    fc.string({ unit: fc.constantFrom(...'0123456789.,-+eE _'), maxLength: 16 }),
  );

  it('a session amount: a decimal string, else a 4xx in words (property)', async () => {
    const h = testServer({ env: HARDENING_ENV });
    let n = 0;
    await fc.assert(
      fc.asyncProperty(localeAmounts, async (amount) => {
        const before = h.callsTo('/crypto/session/widget').length;
        const res = await h.session(
          {
            ...SESSION_BODY,
            sessionData: { ...SESSION_BODY.sessionData, sourceAmount: amount },
          },
          { 'Idempotency-Key': `amount-key-${++n}` },
        );
        expect(res.status === 200 || (res.status >= 400 && res.status < 500)).toBe(true);
        if (res.status !== 200) await errorBody(res);
        // Only plain decimals reach the upstream's session route (within the partner's limits).
        if (!/^(?:0|[1-9]\d{0,11})(?:\.\d{1,18})?$/.test(amount))
          expect(h.callsTo('/crypto/session/widget')).toHaveLength(before);
      }),
      { numRuns: 150 },
    );
  });

  it('a quote amount: a finite number above 0 and at most 1e12, else 400 (property)', async () => {
    const h = testServer({ env: HARDENING_ENV });
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.double({ noNaN: true }),
          fc.constantFrom(0, -0, -1, 1e12 + 1, 1e300, Number.MIN_VALUE, 123.456789123456),
          localeAmounts,
        ),
        async (amount) => {
          const before = h.calls.length;
          const res = await h.quote({ ...QUOTE_BODY, sourceAmount: amount });
          const valid = typeof amount === 'number' && Number.isFinite(amount) && amount > 0 && amount <= 1e12;
          if (!valid) {
            expect(res.status).toBe(400);
            expect((await errorBody(res)).code).toBe('INVALID_BODY');
            expect(h.calls.length).toBe(before);
          } else {
            // The sandbox prices it or refuses the amount against the partners' limits, in words.
            expect(res.status === 200 || res.status === 400).toBe(true);
            if (res.status === 400) await errorBody(res);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a wallet address: anything at all gets a 2xx or a 4xx in words (property)', async () => {
    const h = testServer({ env: HARDENING_ENV });
    let n = 0;
    const addresses = fc.oneof(
      fc.string({ maxLength: 140 }),
      fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEFxq:._-'), maxLength: 70 }),
      fc.constantFrom(
        '0x52908400098527886E0F7030069857D2E4169EE7', // an Ethereum address for BTC
        'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a',
        'bc1qr74wmrcwqq9w5yxczxj6udts9mnqsh3xlhk5yp ',
        '<script>alert(1)</script>',
        '../../etc/passwd',
        'a'.repeat(129),
      ),
    );
    // The terms are the same every time (a quote does not depend on the wallet): quoted once.
    expect((await h.quote(quoteFor(SESSION_BODY))).status).toBe(200);
    await fc.assert(
      fc.asyncProperty(addresses, async (walletAddress) => {
        const body = { ...SESSION_BODY, sessionData: { ...SESSION_BODY.sessionData, walletAddress } };
        const res = await h.request(SESSION_PATH, json(body, { 'Idempotency-Key': `wallet-key-${++n}` }));
        expect(res.status === 200 || (res.status >= 400 && res.status < 500)).toBe(true);
        if (res.status !== 200) {
          const body = await errorBody(res);
          expect(body.message).not.toContain('<script>');
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('over real HTTP (the Node server of npm start)', () => {
  let port = 0;
  let t: ListeningTestServer<'fake'>;

  beforeAll(async () => {
    t = await listeningTestServer({ upstream: 'fake', env: UNLIMITED });
    port = Number(t.port);
  });
  afterAll(() => t.close());

  /**
   * Sends bytes as they are, reads until the server closes; fails instead of waiting forever. The
   * socket stays open for writing: a client's half-close (FIN) makes Node abort a request still in
   * progress, and the answer would be lost on a busy machine.
   */
  const raw = (bytes: string) =>
    new Promise<{ status: number | null; text: string }>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      const chunks: Buffer[] = [];
      const guard = setTimeout(() => {
        socket.destroy();
        reject(new Error(`no answer to ${JSON.stringify(bytes.slice(0, 80))}`));
      }, 5_000);
      socket.on('data', (d) => chunks.push(d));
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearTimeout(guard);
        const text = Buffer.concat(chunks).toString('latin1');
        const m = /^HTTP\/1\.1 (\d{3})/.exec(text);
        resolve({ status: m ? Number(m[1]) : null, text });
      });
      socket.write(Buffer.from(bytes, 'latin1'));
    });
  const get = (target: string, method = 'GET', headers = '') =>
    raw(`${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}Connection: close\r\n\r\n`);
  const healthy = async () => expect((await get('/healthz')).status).toBe(200);

  it.each([
    '/api/ramp/../../etc/passwd',
    '/api/ramp/network-partner/../bootstrap',
    '/api/ramp/%2e%2e/admin/session',
    '/api/ramp/%2fbootstrap',
    '/api/ramp/bootstrap%00',
    '/api/ramp//bootstrap',
    '/api/ramp/./bootstrap',
    '/api/ramp/bootstrap/..;/admin/session',
    '/api/ramp\\bootstrap',
    '/api/ramp/%5cbootstrap',
    '/api/ramp/%C0%AE%C0%AE/bootstrap',
    '/api/ramp/bootstr\xe9p',
    'http://evil.example/api/ramp/x/../bootstrap',
  ])('refuses the request target %j with a 4xx and calls nothing upstream', async (target) => {
    const before = t.upstream.calls.length;
    const res = await get(target);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(t.upstream.calls.length).toBe(before);
    await healthy();
  });

  it('refuses an overlong request target before reading it whole', async () => {
    const res = await get(`/api/ramp/${'a'.repeat(20_000)}`);
    expect([414, 431, 400]).toContain(res.status);
    const long = await get(`/api/ramp/${'a'.repeat(600)}`);
    expect(long.status).toBe(414);
    await healthy();
  });

  it('reads the body: valid, at the limit, one byte over it, chunked, empty', async () => {
    // Its own server: the upstream calls counted here are this test's.
    const own = await listeningTestServer({ upstream: 'fake', env: UNLIMITED });
    const at = own.port;
    const post = (body: string, chunked = false) =>
      new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port: at,
            method: 'POST',
            path: QUOTE,
            headers: {
              'content-type': 'application/json',
              ...(chunked ? {} : { 'content-length': Buffer.byteLength(body) }),
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ status: res.statusCode!, text: Buffer.concat(chunks).toString() }));
          },
        );
        req.on('error', reject);
        if (chunked) for (let i = 0; i < body.length; i += 1024) req.write(body.slice(i, i + 1024));
        else req.write(body);
        req.end();
      });
    const padded = (bytes: number) => {
      const base = JSON.stringify({ ...QUOTE_BODY, walletAddress: '' });
      return JSON.stringify({ ...QUOTE_BODY, walletAddress: 'a'.repeat(bytes - base.length) });
    };
    try {
      expect((await post(JSON.stringify(QUOTE_BODY))).status).toBe(200);
      expect((await post(JSON.stringify(QUOTE_BODY), true)).status).toBe(200);
      expect((await post(padded(MAX_BODY_BYTES))).status).toBe(400); // read whole, refused for its content
      const over = await post(padded(MAX_BODY_BYTES + 1));
      expect(over.status).toBe(413);
      expect(over.text).toContain('PAYLOAD_TOO_LARGE');
      expect((await post('x'.repeat(MAX_BODY_BYTES * 4), true)).status).toBe(413);
      const empty = await post('');
      expect(empty.status).toBe(400);
      expect(empty.text).toContain('INVALID_JSON');
      expect(own.upstream.calls).toHaveLength(2);
    } finally {
      own.serving.server.closeAllConnections();
      await own.close();
    }
  });

  it('reads the content type and the customer cookie', async () => {
    // Its own server: the upstream calls counted here are this test's.
    const own = await listeningTestServer({ upstream: 'fake', env: UNLIMITED });
    const url = `${own.origin}${QUOTE}`;
    const post = (headers: Record<string, string>) =>
      fetch(url, { method: 'POST', headers, body: JSON.stringify(QUOTE_BODY) });
    try {
      expect((await post({ 'content-type': 'text/plain' })).status).toBe(415);
      expect(own.upstream.calls).toHaveLength(0);
      const first = await post({ 'content-type': 'application/json; charset=utf-8' });
      expect(first.status).toBe(200);
      const cookie = /rc_cid=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')?.[1];
      expect(cookie).toBeDefined();
      const again = await post({
        'content-type': 'application/json',
        cookie: `theme=dark; rc_cid=${cookie}`,
      });
      expect(again.status).toBe(200);
      expect(again.headers.get('set-cookie')).toBeNull();
      const ids = own.upstream.calls.map(
        (c) => (c.body as { externalCustomerId: string }).externalCustomerId,
      );
      expect(ids).toHaveLength(2);
      expect(ids[1]).toBe(ids[0]);
    } finally {
      own.serving.server.closeAllConnections();
      await own.close();
    }
  });

  it('answers TRACE with 405 (never echoing the request); Node refuses TRACK and drops CONNECT', async () => {
    const secretHeader = 'X-Probe: do-not-echo-me\r\n';
    const traced = await get('/api/ramp/bootstrap', 'TRACE', secretHeader);
    expect(traced.status).toBe(405);
    expect(traced.text).not.toContain('do-not-echo-me');
    // Not a method Node's parser knows: refused before the app sees it.
    const tracked = await get('/api/ramp/bootstrap', 'TRACK', secretHeader);
    expect(tracked.status).toBe(400);
    const trace = await get('/', 'TRACE', secretHeader);
    expect(trace.status).toBe(404);
    expect(trace.text).not.toContain('do-not-echo-me');
    const connectRes = await raw('CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n\r\n');
    expect(connectRes.status === null || connectRes.status >= 400).toBe(true);
    await healthy();
  });

  it('a header injection attempt in Idempotency-Key is a 4xx, whatever the parser makes of it', async () => {
    const body = JSON.stringify(SESSION_BODY);
    for (const key of [
      'abc\r\nX-Injected: yes',
      'abcdefgh\nX-Injected: yes',
      'abc\u0000defghij',
      'abcdefgh\r',
    ]) {
      const res = await raw(
        `POST ${SESSION} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
          `Idempotency-Key: ${key}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
      );
      expect(res.status).toBe(400);
      expect(res.text).not.toMatch(/^X-Injected/im);
    }
    expect(t.upstream.calls).toHaveLength(0);
    await healthy();
  });

  it('any request target made of allowlisted pieces, traversal and encodings: a 2xx or 4xx, and the server lives on (property)', async () => {
    await fc.assert(
      fc.asyncProperty(methodArb, pathArb, async (method, path) => {
        // What fits on a request line: no spaces or line breaks; non-ASCII goes as UTF-8 bytes.
        const target = Buffer.from(
          [...`/api/ramp${path}`].filter((ch) => ch.charCodeAt(0) > 0x20 && ch !== '\u007f').join(''),
          'utf8',
        ).toString('latin1');
        const res = await get(target, method);
        expect(res.status === null || res.status < 500).toBe(true);
      }),
      { numRuns: 150 },
    );
    await healthy();
  });
});
