// @vitest-environment jsdom
// A checkout intent's values in the running widget: the state the intent fixes with the country is
// shown, locked, and is the one the session carries, whatever the merchant's options said.
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeWindow } from '../ui/steps/test-harness';
import { createTestServer } from '../queries/test-server';
import { choosePartner, expectStatus, next, showRouteDetails } from './test-flow';
import { mountWidget, PREFILLED } from './test-mount';

const INTENT_SECRET = 'int_abcdefghijklmnop_secret_ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';

beforeEach(() => {
  vi.spyOn(window, 'open').mockImplementation(() => fakeWindow() as unknown as Window);
});
afterEach(() => vi.restoreAllMocks());

describe('an intent that fixes the US state', () => {
  it('locks the state picker on it and sends it with the session, over the merchant option', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const server = createTestServer();
    const intent = {
      reference: 'order-ny',
      country: 'US',
      subdivision: 'US-NY',
      expiresAt: '2099-01-01T00:00:00Z',
    };
    const fetchFn: typeof fetch = async (input, init) =>
      String(input).endsWith('/intents/current') ? Response.json({ intent }) : server.fetch(input, init);
    const w = mountWidget(
      { ...PREFILLED, subdivision: 'US-CA', lock: [], intent: INTENT_SECRET },
      { fetch: fetchFn },
      server,
    );

    await showRouteDetails(w.user);
    const state = await screen.findByRole('combobox', { name: 'State' });
    expect(state).toHaveValue('New York (US-NY)');
    expect(state).toHaveAttribute('readonly');
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveAttribute('readonly');
    expect(w.events).toContainEqual({
      type: 'error',
      code: 'INVALID_OPTIONS',
      message: expect.stringMatching(/subdivision: the intent fixes "US-NY"; "US-CA" is not used/),
    });
    expect(error).toHaveBeenCalled();

    await choosePartner(w.user, 'Banxa');
    await next(w.user, 'Review and continue');
    await w.user.click(screen.getByRole('button', { name: 'Continue to Banxa' }));
    await expectStatus(/Finish in the Banxa window/);
    const [session] = w.server.sent('/crypto/session/widget', 'POST');
    expect(session?.headers['x-ramp-intent']).toBe(INTENT_SECRET);
    expect(session?.body).toMatchObject({ sessionData: { countryCode: 'US', subdivision: 'US-NY' } });
  });
});
