// Test-only: a shopper's moves through the widget, by accessible names (CONTRACTS §3) only.
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

/** Unfolds the order screen's country, state and payment method (folded under "Change"). */
export async function showRouteDetails(user: UserEvent) {
  const shown = () =>
    screen.queryByRole('button', { name: 'Change' }) ?? screen.queryByRole('combobox', { name: 'Country' });
  await waitFor(() => expect(shown()).not.toBeNull());
  const change = screen.queryByRole('button', { name: 'Change', expanded: false });
  if (change) await user.click(change);
}

export async function pick(user: UserEvent, combobox: string, option: string | RegExp, typed?: string) {
  const box = await screen.findByRole('combobox', { name: combobox });
  await user.click(box);
  if (typed) await user.type(box, typed);
  await user.click(await screen.findByRole('option', { name: option }));
}

export async function next(user: UserEvent, heading: string | RegExp) {
  await user.click(await screen.findByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { name: heading });
}

/** Radios of the quotes group, by name. */
export async function quoteNames(): Promise<string[]> {
  const group = await screen.findByRole('radiogroup', { name: 'Quotes' });
  return within(group)
    .getAllByRole('radio')
    .map((r) => r.getAttribute('aria-label') ?? '');
}

export async function expectStatus(text: string | RegExp) {
  await waitFor(
    () => expect(screen.getByRole('status', { name: 'Transaction status' })).toHaveTextContent(text),
    {
      timeout: 5000,
    },
  );
}

/** Opens the full list of offers and checks the partner's. */
export async function choosePartner(user: UserEvent, partner: string) {
  await user.click(await screen.findByRole('button', { name: /^Compare \d+ offers$/ }, { timeout: 5000 }));
  await user.click(await screen.findByRole('radio', { name: new RegExp(`^${partner}:`) }));
}
