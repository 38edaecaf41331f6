// @vitest-environment jsdom
// A checkout intent's values in the running widget: the state the intent fixes with the country is
// shown, locked, and is the one the session carries, whatever the merchant's options said.
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeWindow } from '../ui/steps/test-harness';
import { createTestServer } from '../queries/test-server';
import { choosePartner, expectStatus, next, showRouteDetails } from './test-flow';
import { mountWidget, PREFILLED } from './test-mount';

beforeEach(() => {
  vi.spyOn(window, 'open').mockImplementation(() => fakeWindow() as unknown as Window);
});
afterEach(() => vi.restoreAllMocks());

describe('an intent that fixes the US state', () => {
  it('locks the state picker on it and sends it with the session, over the merchant option', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const server = createTestServer();
    // Minted by the merchant's server, read by the widget from it (GET /api/ramp/intents/current).
    const { clientSecret } = await server.ramp.createIntent({
      reference: 'order-ny',
      country: 'US',
      subdivision: 'US-NY',
    });
    const w = mountWidget({ ...PREFILLED, subdivision: 'US-CA', lock: [], intent: clientSecret }, {}, server);

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
    expect(session?.headers['x-ramp-intent']).toBe(clientSecret);
    expect(session?.body).toMatchObject({ sessionData: { countryCode: 'US', subdivision: 'US-NY' } });
  });
});
