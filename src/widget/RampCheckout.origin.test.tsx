// @vitest-environment jsdom
// A page whose origin the host server does not allow: the browser withholds every answer, which looks
// like no network at all. The widget finds out (GET /origin) and says so, to the developer in words
// they can act on.
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import type { RampCheckoutEvent } from './events';
import { mountWidget } from './test-mount';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Another origin than the page's (jsdom's http://localhost). */
const API = 'http://127.0.0.1:8787/api/ramp';

it('a CORS refusal is said as such, not as "could not reach the server"', async () => {
  const error = vi.spyOn(console, 'error').mockImplementation(() => {});
  const refusing: typeof fetch = async (input) => {
    if (String(input) === `${API}/origin`)
      return Response.json({ origin: 'http://localhost', allowed: false });
    throw new TypeError('Failed to fetch');
  };
  const w = mountWidget({ apiBaseUrl: API }, { fetch: refusing });
  const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
  expect(alert).toHaveTextContent(
    "This page's origin is not in the checkout server's RAMP_ALLOWED_ORIGINS: add it there.",
  );
  const refusals = (): RampCheckoutEvent[] =>
    w.events.filter((e) => e.type === 'error' && e.serviceCode === 'ORIGIN_NOT_ALLOWED');
  await waitFor(() => expect(refusals()).toHaveLength(1));
  expect(refusals()[0]).toMatchObject({
    code: 'REQUEST_REJECTED',
    message: expect.stringMatching(
      /^http:\/\/127\.0\.0\.1:8787 does not allow the origin http:\/\/localhost(:\d+)?: add it to its RAMP_ALLOWED_ORIGINS$/,
    ),
  });
  expect(error).toHaveBeenCalledExactlyOnceWith(
    expect.stringMatching(/^ramp-checkout: .*RAMP_ALLOWED_ORIGINS/),
  );
});

// The lists retry by themselves first (1, 2, 4, 8, 8, 8 s): the alert comes once they have given up.
it('a server that cannot be reached at all stays a connection problem', async () => {
  // The retries' pauses pass on a fake clock: about half a minute of them in a few milliseconds.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const down: typeof fetch = async () => {
    throw new TypeError('Failed to fetch');
  };
  const w = mountWidget({ apiBaseUrl: API }, { fetch: down });
  for (let s = 0; s < 60 && !screen.queryByRole('alert'); s++) {
    await act(() => vi.advanceTimersByTimeAsync(1_000));
  }
  vi.useRealTimers();
  expect(screen.getByRole('alert')).toHaveTextContent('We could not reach the server.');
  expect(w.events.filter((e) => e.type === 'error' && e.serviceCode === 'ORIGIN_NOT_ALLOWED')).toEqual([]);
});
