// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CheckoutInit } from '../../checkout';
import { LOCKABLE_FIELDS } from '../../checkout';
import { createTestServer } from '../../queries/testkit';
import { advanceTo, renderCheckout, US_BUY } from './harness';

const AT_100: Partial<CheckoutInit> = { ...US_BUY, prefill: { ...US_BUY.prefill, amount: '100' } };

const quoteRadios = async () =>
  within(await screen.findByRole('radiogroup', { name: 'Quotes' })).getAllByRole('radio');
const nameOf = (r: HTMLElement) => r.getAttribute('aria-label') ?? '';
const totalFeeOf = (r: HTMLElement) =>
  Number(
    /Total fees\$([\d.]+)/.exec(
      document.getElementById(r.getAttribute('aria-describedby') ?? '')?.textContent ?? '',
    )?.[1],
  );

describe('quotes step', () => {
  it('shows each quote by partner with what the shopper gets and pays, best first, with a refresh countdown', async () => {
    const h = renderCheckout({ init: AT_100 });
    await advanceTo(h, 'quotes');
    const radios = await quoteRadios();
    const names = radios.map(nameOf);
    expect(names.length).toBeGreaterThan(1);
    names.forEach((n) => expect(n).toMatch(/^[A-Z]+: you get [\d.]+\sETH for \$100\.00$/));
    const amounts = names.map((n) => Number(/you get ([\d.]+)/.exec(n)?.[1]));
    expect([...amounts].sort((a, b) => b - a)).toEqual(amounts);
    // The best is preselected, fees are broken down, and the countdown says when they refresh.
    expect(radios[0]).toBeChecked();
    expect(h.state().selection.quote?.serviceProvider).toBe(names[0]?.split(':')[0]);
    const group = screen.getByRole('radiogroup', { name: 'Quotes' });
    expect(within(group).getAllByText('Network fee')).toHaveLength(radios.length);
    expect(screen.getByText(/Quotes refresh in \d+s/)).toBeInTheDocument();

    await h.user.click(screen.getByRole('radio', { name: 'Lowest fees' }));
    const fees = (await quoteRadios()).map(totalFeeOf);
    expect(fees.every(Number.isFinite)).toBe(true);
    expect([...fees].sort((a, b) => a - b)).toEqual(fees);
    // The choice stays the shopper's when the order changes.
    expect(h.state().selection.quote?.serviceProvider).toBe(names[0]?.split(':')[0]);
  });

  it('preselects the best quote when the quotes arrive before the routes (everything locked)', async () => {
    const server = createTestServer();
    // Routes and quote are asked in parallel; here the routes (and so the limits) come last.
    server.sandbox.faults.add({ path: '/network-partner/supported/routes', kind: 'latency', latencyMs: 300 });
    const h = renderCheckout({
      server,
      init: {
        ...AT_100,
        locked: LOCKABLE_FIELDS.filter((f) => f !== 'walletAddress'),
      },
    });
    expect(h.state().step).toBe('quotes');
    const radios = await quoteRadios();
    await waitFor(() => expect(radios[0]).toBeChecked());
    expect(h.state().selection.quote?.serviceProvider).toBe(nameOf(radios[0]!).split(':')[0]);
  });

  it('explains NO_VALID_QUOTES in words with the ways out', async () => {
    const server = createTestServer();
    server.sandbox.faults.add({
      path: '/payments/crypto/quote',
      kind: 'status',
      status: 400,
      code: 'NO_VALID_QUOTES',
    });
    const h = renderCheckout({ init: AT_100, server });
    await advanceTo(h, 'quotes');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No partner can quote this. Try another payment method or amount.');
    expect(within(alert).getByRole('button', { name: 'Choose another payment method' })).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup', { name: 'Quotes' })).toBeNull();
    await h.user.click(within(alert).getByRole('button', { name: 'Change the amount' }));
    expect(await screen.findByRole('textbox', { name: 'Amount' })).toHaveValue('100');
    expect(h.signals).toContainEqual(expect.objectContaining({ type: 'error', code: 'NO_VALID_QUOTES' }));
  });

  it('offers a retry for other failures', async () => {
    const server = createTestServer();
    server.sandbox.faults.add({
      path: '/payments/crypto/quote',
      kind: 'status',
      status: 400,
      code: 'BAD_REQUEST',
      times: 1,
    });
    const h = renderCheckout({ init: AT_100, server });
    await advanceTo(h, 'quotes');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong. Try again.');
    await h.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(async () => expect((await quoteRadios()).length).toBeGreaterThan(0));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
