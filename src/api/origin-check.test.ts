import { describe, expect, it } from 'vitest';
import { createRampClient } from './client';
import { RampError } from './errors';
import { withOriginCheck } from './origin-check';
import { proxyReaders } from './proxy-readers';

const PAGE = 'http://localhost:3000';
const API = 'http://127.0.0.1:8787/api/ramp';

/** A server the browser cannot read (its CORS refused this page), with `/origin` answering as given. */
function refusing(origin: { allowed: boolean } | 'unreachable') {
  const asked: string[] = [];
  const fetchFn: typeof fetch = async (input) => {
    const url = String(input);
    asked.push(url);
    if (url.endsWith('/origin') && origin !== 'unreachable')
      return Response.json({ origin: PAGE, ...origin });
    throw new TypeError('Failed to fetch');
  };
  return { asked, fetchFn };
}

const client = (fetchFn: typeof fetch, baseUrl = API, pageOrigin: string | undefined = PAGE) =>
  createRampClient({
    baseUrl,
    readers: proxyReaders,
    fetch: withOriginCheck({ baseUrl, pageOrigin, fetch: fetchFn }),
  });
const failure = (c: ReturnType<typeof client>) =>
  c.countries({ category: 'CRYPTO_ONRAMP' }).catch((e: unknown) => e as RampError);
const countries = (fetchFn: typeof fetch, baseUrl?: string) => failure(client(fetchFn, baseUrl));

describe('a call the browser refused', () => {
  it('is ORIGIN_NOT_ALLOWED, naming the origin and the variable, when the server says the origin is not allowed', async () => {
    const { asked, fetchFn } = refusing({ allowed: false });
    const error = await countries(fetchFn);
    expect(error).toBeInstanceOf(RampError);
    expect(error).toMatchObject({ code: 'ORIGIN_NOT_ALLOWED', status: 0, retryable: false });
    expect((error as RampError).message).toContain('http://localhost:3000');
    expect((error as RampError).message).toContain('RAMP_ALLOWED_ORIGINS');
    expect(asked).toEqual([
      `${API}/network-partner/supported/countries?category=CRYPTO_ONRAMP`,
      `${API}/origin`,
    ]);
  });

  it.each([
    ['the server cannot be reached either', 'unreachable' as const],
    ['the server allows the origin (another failure)', { allowed: true }],
  ])('stays a network error when %s', async (_, origin) => {
    const { fetchFn } = refusing(origin);
    expect(await countries(fetchFn)).toMatchObject({ code: 'NETWORK_ERROR' });
  });

  it('asks nothing for a call to the page’s own origin, or with no page', async () => {
    const same = refusing({ allowed: false });
    expect(await countries(same.fetchFn, `${PAGE}/api/ramp`)).toMatchObject({ code: 'NETWORK_ERROR' });
    expect(same.asked).toHaveLength(1);
    const none = refusing({ allowed: false });
    const noPage = createRampClient({
      baseUrl: API,
      readers: proxyReaders,
      fetch: withOriginCheck({ baseUrl: API, pageOrigin: undefined, fetch: none.fetchFn }),
    });
    expect(await failure(noPage)).toMatchObject({ code: 'NETWORK_ERROR' });
    expect(none.asked).toHaveLength(1);
  });

  it('asks once for calls that failed together', async () => {
    const { asked, fetchFn } = refusing({ allowed: false });
    const c = client(fetchFn);
    const errors = await Promise.all([failure(c), failure(c), failure(c)]);
    expect(errors.map((e) => (e as RampError).code)).toEqual(Array(3).fill('ORIGIN_NOT_ALLOWED'));
    expect(asked.filter((u) => u.endsWith('/origin'))).toHaveLength(1);
  });
});
