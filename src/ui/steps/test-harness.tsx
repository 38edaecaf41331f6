// Test-only: the screens over a real checkout store, the real server and sandbox (in process), in
// English, with fast status polling. Returns what tests drive and inspect.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { createRampClient, proxyReaders } from '../../api';
import type { CheckoutEvent, CheckoutInit, CheckoutState } from '../../checkout';
import { createCheckoutStore } from '../../checkout';
import { RampClientProvider } from '../../queries';
import type { TestServer } from '../../queries/test-server';
import { TEST_API_BASE, createTestServer } from '../../queries/test-server';
import { CheckoutRuntime } from '../CheckoutRuntime';
import { CheckoutScreen } from '../CheckoutScreen';
import { Layout } from '../components';
import { I18nProvider } from '../i18n';
import type { CheckoutHost, UiSignal } from './context';
import { CheckoutProvider } from './context';
import type { CheckoutData } from './data';
import { useCheckoutData } from './data';

/** What the screens read from the data, as of the last render (tests read the chosen offer and the facts). */
function DataProbe({ onData }: { onData: (data: CheckoutData) => void }) {
  onData(useCheckoutData());
  return null;
}

export const ETH_WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
export const BTC_WALLET = 'bc1qr74wmrcwqq9w5yxczxj6udts9mnqsh3xlhk5yp';

export interface HarnessOptions {
  init?: Partial<CheckoutInit>;
  events?: CheckoutEvent[];
  server?: TestServer;
  host?: Partial<CheckoutHost>;
}

export function renderCheckout(o: HarnessOptions = {}) {
  const server = o.server ?? createTestServer();
  const store = createCheckoutStore({ idempotencyKey: 'c0ffee00-0000-4000-8000-000000000001', ...o.init });
  o.events?.forEach((e) => store.getState().send(e));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const client = createRampClient({ readers: proxyReaders, baseUrl: TEST_API_BASE, fetch: server.fetch });
  const signals: UiSignal[] = [];
  const host: CheckoutHost = {
    launch: 'popup',
    countryHint: 'US',
    onSignal: (s) => signals.push(s),
    newRunKey: () => 'c0ffee00-0000-4000-8000-000000000002',
    now: Date.now,
    pollMs: { base: 20, max: 60 },
    ...o.host,
  };
  const user = userEvent.setup();
  const seen: { current?: CheckoutData } = {};
  const view = render(
    <I18nProvider locale="en-US">
      <Layout>
        <QueryClientProvider client={queryClient}>
          <RampClientProvider client={client}>
            <CheckoutProvider store={store} host={host}>
              <CheckoutRuntime>
                <DataProbe onData={(d) => (seen.current = d)} />
                <CheckoutScreen />
              </CheckoutRuntime>
            </CheckoutProvider>
          </RampClientProvider>
        </QueryClientProvider>
      </Layout>
    </I18nProvider>,
  );
  const data = () => {
    if (!seen.current) throw new Error('the screens have not rendered yet');
    return seen.current;
  };
  return {
    server,
    store,
    signals,
    queryClient,
    host,
    user,
    view,
    state: () => store.getState().state,
    data,
    /** The chosen offer's partner, as the screens read it. */
    partner: () => seen.current?.quote?.serviceProvider ?? '',
    /** Sends an event with what the data says now, as the screens do. */
    send: (event: CheckoutEvent) => store.getState().send(event, seen.current?.facts),
  };
}

/** A window.open stand-in: the window a popup would be, recording where it was sent. */
export function fakeWindow() {
  const win = {
    closed: false,
    opener: {} as unknown,
    location: { replace: (url: string) => void (win.url = url) },
    close: () => void (win.closed = true),
    url: undefined as string | undefined,
  };
  return win;
}

/** Drives the machine forward (as repeated "Continue" clicks would) until `target` is the step. */
export async function advanceTo(h: ReturnType<typeof renderCheckout>, target: CheckoutState['step']) {
  while (h.state().step !== target) {
    const before = h.state().step;
    await waitFor(() => {
      act(() => h.send({ type: 'CONTINUE', at: Date.now() }));
      expect(h.state().step).not.toBe(before);
    });
  }
}

/** A buy of ETH with USD by card in New York, every choice made but not locked. */
export const US_BUY: Partial<CheckoutInit> = {
  direction: 'buy',
  requiresSubdivision: true,
  prefill: {
    country: 'US',
    subdivision: 'US-NY',
    fiatCurrency: 'USD',
    cryptoCurrency: 'ETH',
    network: 'ETHEREUM',
    paymentMethod: 'CREDIT_DEBIT_CARD',
  },
};
