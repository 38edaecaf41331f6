// Test-only: the widget mounted over the in-process server and sandbox, with the events it emits.
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import type { StorageLike } from '../checkout';
import { LOCKABLE_FIELDS } from '../checkout';
import { ETH_WALLET } from '../ui/steps/test-harness';
import type { TestServer } from '../queries/test-server';
import { createTestServer, TEST_API_BASE } from '../queries/test-server';
import type { RampCheckoutOptions } from './config';
import type { RampCheckoutEvent } from './events';
import { CheckoutRoot } from './RampCheckout';
import type { WidgetEnv } from './RampCheckout';

export const memoryStorage = (): StorageLike & { data: Map<string, string> } => {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
};

export function mountWidget(
  options: RampCheckoutOptions = {},
  env: WidgetEnv = {},
  server: TestServer = createTestServer(),
  strict = false,
) {
  const events: RampCheckoutEvent[] = [];
  const storage = memoryStorage();
  const fullEnv: WidgetEnv = { fetch: server.fetch, storage, pollMs: { base: 20, max: 60 }, ...env };
  const opts = { apiBaseUrl: TEST_API_BASE, onEvent: (e: RampCheckoutEvent) => events.push(e), ...options };
  const widget = <CheckoutRoot options={opts} env={fullEnv} />;
  const view = render(strict ? <StrictMode>{widget}</StrictMode> : widget);
  return { server, events, storage, view, opts, env: fullEnv, user: userEvent.setup() };
}

export function sessionOf(events: RampCheckoutEvent[]) {
  const e = events.find((x) => x.type === 'sessionCreated');
  if (!e || e.type !== 'sessionCreated') throw new Error('no session created yet');
  return e;
}

/** Everything up to the amount fixed by the merchant: the shopper starts on the quotes. */
export const PREFILLED: RampCheckoutOptions = {
  direction: 'buy',
  country: 'US',
  subdivision: 'US-NY',
  fiatCurrency: 'USD',
  cryptoCurrency: 'ETH',
  network: 'ETHEREUM',
  paymentMethod: 'CREDIT_DEBIT_CARD',
  amount: '100',
  walletAddress: ETH_WALLET,
  lock: [...LOCKABLE_FIELDS],
};
