// @vitest-environment jsdom
// The widget as a guest on someone else's page: its own QueryClient, state per instance, client-only
// rendering, invalid options said in words, a reload that resumes tracking, one session per launch.
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestServer, TEST_API_BASE } from '../queries/test-server';
import { fakeWindow } from '../ui/steps/test-harness';
import type { RampCheckoutEvent } from './events';
import { CheckoutRoot, RampCheckout } from './RampCheckout';
import { choosePartner, expectStatus, next, showRouteDetails } from './test-flow';
import { memoryStorage, mountWidget, PREFILLED, sessionOf } from './test-mount';

let popup: ReturnType<typeof fakeWindow>;
beforeEach(() => {
  popup = fakeWindow();
  vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
});
afterEach(() => vi.restoreAllMocks());

describe('prefilled and locked options', () => {
  it('start on the quotes, which come with the first screen data', async () => {
    const w = mountWidget(PREFILLED);
    // Bootstrap and routes leave before any answer is in, the quote with the bootstrap: one round
    // trip to quotes.
    expect(w.server.requests.map((r) => r.path.split('?')[0])).toEqual([
      '/bootstrap',
      '/network-partner/supported/routes/CRYPTO_ONRAMP/US/USD/ETH',
    ]);
    expect(w.server.requests[0]!.path).toContain('&sourceCurrencyCode=USD&destinationCurrencyCode=ETH&');
    await screen.findByRole('radiogroup', { name: 'Quotes' });
    expect(w.server.sent('/payments/crypto/quote')).toHaveLength(0);
    expect(screen.queryByRole('radiogroup', { name: 'Direction' })).toBeNull();
  });

  it('a double click on launch creates one session (in StrictMode too)', async () => {
    const w = mountWidget(PREFILLED, {}, undefined, true);
    await choosePartner(w.user, 'Banxa');
    await next(w.user, 'Review and continue');
    await w.user.dblClick(screen.getByRole('button', { name: 'Continue to Banxa' }));
    await expectStatus(/Finish in the Banxa window/);
    expect(w.server.sent('/crypto/session/widget', 'POST')).toHaveLength(1);
    expect(window.open).toHaveBeenCalledTimes(1);
    expect(w.events.filter((e) => e.type === 'ready')).toHaveLength(1);
    expect(w.events.filter((e) => e.type === 'sessionCreated')).toHaveLength(1);
  });

  it('a reload resumes the status screen from sessionStorage and tracks to the end', async () => {
    const server = createTestServer();
    const w = mountWidget(PREFILLED, {}, server);
    await choosePartner(w.user, 'Transak');
    await next(w.user, 'Review and continue');
    await w.user.click(screen.getByRole('button', { name: 'Continue to Transak' }));
    await expectStatus(/Finish in the Transak window/);
    const { sessionId } = sessionOf(w.events);
    w.view.unmount();

    // The same page again (same options, same storage), as after the partner redirected back.
    const events: RampCheckoutEvent[] = [];
    render(
      <CheckoutRoot
        options={{ ...w.opts, onEvent: (e) => events.push(e) }}
        env={{ ...w.env, storage: w.storage }}
      />,
    );
    await expectStatus(/Finish in the Transak window/);
    await server.act(sessionId, 'pay');
    await expectStatus('Completed');
    expect(events).toContainEqual(expect.objectContaining({ type: 'completed', sessionId }));
    await w.user.click(screen.getByRole('button', { name: 'Done' }));
    // The tracking is gone; what is left are the fresh run's choices.
    expect([...w.storage.data.keys()].every((k) => k.endsWith(':choices'))).toBe(true);
  });

  it('a declined payment ends as Failed, with another offer, try again and start over', async () => {
    const w = mountWidget(PREFILLED);
    await choosePartner(w.user, 'Banxa');
    await next(w.user, 'Review and continue');
    await w.user.click(screen.getByRole('button', { name: 'Continue to Banxa' }));
    const { sessionId } = await waitFor(() => sessionOf(w.events));
    await w.server.act(sessionId, 'decline');
    await expectStatus('Failed');
    expect(w.events.at(-1)).toMatchObject({ type: 'failed', status: 'FAILED' });
    expect(screen.getByRole('button', { name: 'Start over' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    // Another offer: back on the order screen with every choice kept.
    await w.user.click(screen.getByRole('button', { name: 'Try another offer' }));
    await choosePartner(w.user, 'Transak');
    await next(w.user, 'Review and continue');
    await w.user.click(screen.getByRole('button', { name: 'Continue to Transak' }));
    await expectStatus(/Finish in the Transak window/);
    const sessions = w.server.sent('/crypto/session/widget', 'POST');
    expect(sessions).toHaveLength(2);
    expect(sessions[1]?.headers['idempotency-key']).not.toBe(sessions[0]?.headers['idempotency-key']);
  });
});

describe('popup blockers', () => {
  it('fall back to a tab, then to a link the shopper clicks', async () => {
    vi.mocked(window.open).mockReturnValue(null);
    const w = mountWidget(PREFILLED);
    await choosePartner(w.user, 'Banxa');
    await next(w.user, 'Review and continue');
    await w.user.click(screen.getByRole('button', { name: 'Continue to Banxa' }));
    // One call to action: the link the browser lets open, named as the launch button was.
    const link = await screen.findByRole('link', { name: 'Continue to Banxa' });
    expect(screen.queryByRole('button', { name: /^Continue to / })).toBeNull();
    expect(link).toHaveAttribute('href', expect.stringContaining('/sandbox/provider/checkout/'));
    expect(screen.getByRole('alert')).toHaveTextContent('Your browser blocked the Banxa window.');
    // The popup, then the tab.
    expect(window.open).toHaveBeenCalledTimes(2);
    link.addEventListener('click', (e) => e.preventDefault());
    await w.user.click(link);
    await expectStatus(/Finish in the Banxa window/);
    expect(w.events).toContainEqual({ type: 'providerLaunched', partner: 'BANXA', mode: 'link' });
  });

  it('a blocked popup opens a tab when the browser allows it', async () => {
    const tab = fakeWindow();
    vi.mocked(window.open).mockImplementation((url) =>
      url === 'about:blank' ? null : (tab as unknown as Window),
    );
    const w = mountWidget({ ...PREFILLED, launch: 'tab' });
    await choosePartner(w.user, 'Banxa');
    await next(w.user, 'Review and continue');
    await w.user.click(screen.getByRole('button', { name: 'Continue to Banxa' }));
    await expectStatus(/Finish in the Banxa window/);
    expect(tab.opener).toBeNull();
    expect(w.events).toContainEqual({ type: 'providerLaunched', partner: 'BANXA', mode: 'tab' });
  });
});

describe('on a host page', () => {
  it('keeps two instances apart', async () => {
    const server = createTestServer();
    const env = { fetch: server.fetch, storage: memoryStorage() };
    render(
      <>
        <CheckoutRoot options={{ apiBaseUrl: TEST_API_BASE, direction: 'buy' }} env={env} />
        <CheckoutRoot options={{ apiBaseUrl: TEST_API_BASE, direction: 'sell' }} env={env} />
      </>,
    );
    // Each shows once its own first data is in.
    await waitFor(() => expect(screen.getAllByRole('region', { name: 'Crypto checkout' })).toHaveLength(2));
    const [a, b] = screen.getAllByRole('region', { name: 'Crypto checkout' }) as [HTMLElement, HTMLElement];
    expect(within(a).getByRole('radio', { name: 'Buy' })).toBeChecked();
    expect(within(b).getByRole('radio', { name: 'Sell' })).toBeChecked();
    const { default: userEvent } = await import('@testing-library/user-event');
    const user = userEvent.setup();
    await user.click(within(a).getByRole('radio', { name: 'Sell' }));
    await within(a).findByRole('heading', { name: 'Sell crypto' });
    await user.click(within(b).getByRole('radio', { name: 'Buy' }));
    await within(b).findByRole('heading', { name: 'Buy crypto' });
    expect(within(a).getByRole('heading', { name: 'Sell crypto' })).toBeInTheDocument();
    expect(within(a).getByRole('radio', { name: 'Sell' })).toBeChecked();
  });

  it('leaves the host QueryClient alone', async () => {
    const host = new QueryClient();
    function HostData() {
      const q = useQuery({ queryKey: ['host'], queryFn: () => 'the host data' });
      return <p>{q.data}</p>;
    }
    const server = createTestServer();
    render(
      <QueryClientProvider client={host}>
        <HostData />
        <CheckoutRoot options={{ apiBaseUrl: TEST_API_BASE, country: 'GB' }} env={{ fetch: server.fetch }} />
      </QueryClientProvider>,
    );
    await screen.findByText('the host data');
    await waitFor(() => expect(server.sent('/bootstrap')).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled());
    expect(
      host
        .getQueryCache()
        .getAll()
        .map((q) => q.queryKey),
    ).toEqual([['host']]);
  });

  it('renders an empty box of its size on the server, then the widget on the client after hydration', async () => {
    const html = renderToString(<RampCheckout apiBaseUrl="/api/ramp" />);
    expect(html).toBe(
      '<div data-rc-host="" data-rc-placeholder="" aria-busy="true" style="min-height:var(--rc-min-height, 1010px)"></div>',
    );
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const errors = vi.spyOn(console, 'error');
    try {
      const root = await act(async () =>
        hydrateRoot(container, <RampCheckout apiBaseUrl="/api/ramp" theme="dark" />),
      );
      expect(await within(container).findByRole('region', { name: 'Crypto checkout' })).toHaveClass(
        'rc-dark',
      );
      expect(errors).not.toHaveBeenCalled();
      act(() => root.unmount());
    } finally {
      container.remove();
    }
  });

  it('says what is wrong with invalid options, and emits an error', async () => {
    const onEvent = vi.fn();
    render(
      <RampCheckout apiBaseUrl="/api/ramp" direction={'up' as 'buy'} lock={['amount']} onEvent={onEvent} />,
    );
    expect(onEvent).toHaveBeenCalledWith(expect.objectContaining({ type: 'error', code: 'INVALID_OPTIONS' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('direction must be one of "buy", "sell" (got "up")');
    expect(alert).toHaveTextContent('lock: "amount" is locked but has no value');
  });

  it('adopts its stylesheet into the document it renders in', async () => {
    render(<RampCheckout apiBaseUrl="/api/ramp" />);
    await screen.findByRole('region', { name: 'Crypto checkout' });
    const elements = document.querySelectorAll('style[data-rc-styles]').length;
    const adopted = document.adoptedStyleSheets?.length ?? 0;
    expect(elements + adopted).toBe(1);
  });
});

describe('theme and language', () => {
  it('turns the theme into CSS variables on the root', async () => {
    render(
      <RampCheckout apiBaseUrl="/api/ramp" theme={{ mode: 'dark', brandColor: '#ff0066', radius: '4px' }} />,
    );
    const root = await screen.findByRole('region', { name: 'Crypto checkout' });
    expect(root).toHaveClass('rc-dark');
    expect(root.style.getPropertyValue('--rc-brand')).toBe('#ff0066');
    expect(root.style.getPropertyValue('--rc-radius')).toBe('4px');
  });

  it('speaks the chosen language, the steps’ own messages included', async () => {
    // Languages other than English load on demand: the widget shows once its words are here.
    render(<RampCheckout apiBaseUrl="/api/ramp" locale="fr-CA" direction={'up' as 'buy'} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ce paiement n’est pas correctement configuré',
    );
    render(<RampCheckout apiBaseUrl="/api/ramp" locale="es" />);
    expect(await screen.findByRole('radiogroup', { name: 'Operación' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continuar' })).toBeInTheDocument();
  });
});

describe('the shopper’s language', () => {
  const browserSpeaks = (...languages: string[]) =>
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);

  it('is the first of the browser’s languages the checkout speaks, a region falling back to its language', async () => {
    browserSpeaks('nl-NL', 'de-AT', 'en-US');
    const w = mountWidget();
    expect(await screen.findByRole('radiogroup', { name: 'Vorgang' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Krypto-Checkout' })).toHaveAttribute('lang', 'de');
    expect(w.events.filter((e) => e.type === 'error')).toEqual([]);
  });

  it('is the merchant’s defaultLocale when the browser asks for none the checkout speaks, else English', async () => {
    browserSpeaks('nl-NL', 'pl');
    mountWidget({ defaultLocale: 'fr' });
    expect(await screen.findByRole('region', { name: 'Paiement crypto' })).toHaveAttribute('lang', 'fr');
    screen.getByRole('region').remove();
    mountWidget();
    expect(await screen.findByRole('region', { name: 'Crypto checkout' })).toHaveAttribute('lang', 'en');
  });

  it('an unsupported locale option still shows shoppers the checkout, in theirs, and tells the merchant what to fix', async () => {
    browserSpeaks('es-MX');
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const w = mountWidget({ locale: 'nl-NL', country: 'GB' });
    expect(await screen.findByRole('radiogroup', { name: 'Operación' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    const fix = 'locale "nl-NL" is not a supported language (en, es, fr, de, pt, it, ja, zh, ko, tr)';
    await waitFor(() => expect(error).toHaveBeenCalledWith(expect.stringContaining(fix)));
    expect(w.events).toContainEqual({
      type: 'error',
      code: 'INVALID_OPTIONS',
      message: expect.stringContaining(fix) as string,
    });
  });
});

describe('inside a shadow root', () => {
  it('adopts its stylesheet there, not into the host document', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    const shadow = host.attachShadow({ mode: 'open' });
    const container = document.createElement('div');
    shadow.append(container);
    const before =
      document.querySelectorAll('style[data-rc-styles]').length + (document.adoptedStyleSheets?.length ?? 0);
    render(<RampCheckout apiBaseUrl="/api/ramp" />, { container });
    await within(container).findByRole('region', { name: 'Crypto checkout' });
    const inShadow =
      shadow.querySelectorAll('style[data-rc-styles]').length + (shadow.adoptedStyleSheets?.length ?? 0);
    expect(inShadow).toBe(1);
    expect(
      document.querySelectorAll('style[data-rc-styles]').length + (document.adoptedStyleSheets?.length ?? 0),
    ).toBe(before);
    host.remove();
  });
});

describe('a country without a default', () => {
  it('falls back to the first currency and the first payment method', async () => {
    const { user } = mountWidget({ direction: 'buy', country: 'BR' });
    await showRouteDetails(user);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('Brazil (BR)'));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Fiat currency' })).toHaveValue('BRL · Brazilian Real'),
    );
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Crypto currency' })).not.toHaveValue(''),
    );
    const group = await screen.findByRole('radiogroup', { name: 'Payment method' });
    const radios = within(group).getAllByRole('radio');
    await waitFor(() => expect(radios[0]).toBeChecked());
  });
});

describe("the merchant's crypto, unlocked", () => {
  it.each(['buy', 'sell'] as const)(
    'is the default of a %s, whatever the list puts first',
    async (direction) => {
      mountWidget({ direction, country: 'DE', cryptoCurrency: 'ETH', network: 'ETHEREUM' });
      await waitFor(() =>
        expect(screen.getByRole('combobox', { name: 'Crypto currency' })).toHaveValue(
          'ETH · Ethereum · Ethereum',
        ),
      );
    },
  );

  it('stays the choice when the shopper switches to selling', async () => {
    const { user } = mountWidget({
      direction: 'buy',
      country: 'DE',
      cryptoCurrency: 'ETH',
      network: 'ETHEREUM',
    });
    const crypto = () => screen.getByRole('combobox', { name: 'Crypto currency' });
    await waitFor(() => expect(crypto()).toHaveValue('ETH · Ethereum · Ethereum'));
    await user.click(await screen.findByRole('radio', { name: 'Sell' }));
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Sell' })).toBeChecked());
    await waitFor(() => expect(screen.queryByText(/Loading/)).toBeNull());
    await waitFor(() => expect(crypto()).toHaveValue('ETH · Ethereum · Ethereum'));
  });

  it('(without it, the list decides: BTC)', async () => {
    mountWidget({ direction: 'sell', country: 'DE' });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Crypto currency' })).toHaveValue(
        'BTC · Bitcoin · Bitcoin',
      ),
    );
  });
});
