// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderCheckout } from './harness';

const toCountryStep = async (h: ReturnType<typeof renderCheckout>) => {
  await h.user.click(screen.getByRole('button', { name: 'Continue' }));
  return screen.findByRole('combobox', { name: 'Country' });
};

describe('country step', () => {
  it('preselects the country from the browser region and asks for the US state by ISO 3166-2 code', async () => {
    const h = renderCheckout({ host: { countryHint: 'US' } });
    const country = await toCountryStep(h);
    await waitFor(() => expect(country).toHaveValue('United States (US)'));
    const state = screen.getByRole('combobox', { name: 'State' });

    // Without a state there is no way on.
    await h.user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose your state');
    expect(h.state().step).toBe('country');

    await h.user.click(state);
    await h.user.type(state, 'New Y');
    await h.user.click(screen.getByRole('option', { name: 'New York (US-NY)' }));
    expect(h.state().selection.subdivision).toBe('US-NY');
    await h.user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(h.state().step).toBe('currencies');
  });

  it('lists the countries of the direction, and a non-US country needs no state', async () => {
    const h = renderCheckout({ init: { direction: 'sell' }, host: { countryHint: 'GB' } });
    const country = await toCountryStep(h);
    await waitFor(() => expect(country).toHaveValue('United Kingdom (GB)'));
    expect(screen.queryByRole('combobox', { name: 'State' })).toBeNull();
    await h.user.click(country);
    const names = screen.getAllByRole('option').map((o) => o.textContent);
    // Nigeria is served for buying only; Australia for selling only.
    expect(names).toContain('Australia (AU)');
    expect(names).not.toContain('Nigeria (NG)');
    await h.user.click(screen.getByRole('option', { name: 'Australia (AU)' }));
    await h.user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(h.state().selection.country).toBe('AU');
    expect(h.state().step).toBe('currencies');
  });

  it('falls back from an unsupported browser region to the resolved country', async () => {
    const h = renderCheckout({ host: { countryHint: 'ZZ' } });
    const country = await toCountryStep(h);
    await waitFor(() => expect(country).toHaveValue('United States (US)'));
  });
});
