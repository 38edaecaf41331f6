// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RampCheckoutOptions } from '../widget/config';
import { HOST_SOURCE, PAGE_SOURCE } from './bridge';
import { startHostedPage } from './start';

// The widget is tested in src/widget; here it records the props the page gives it.
const seen = vi.hoisted(() => ({ props: [] as RampCheckoutOptions[], env: [] as unknown[], mounts: 0 }));
vi.mock('../widget/RampCheckout', async () => {
  const { useEffect } = await import('react');
  return {
    CheckoutRoot({ options: props, env }: { options: RampCheckoutOptions; env?: { pageHistory?: boolean } }) {
      seen.props.push(props);
      seen.env.push(env);
      useEffect(() => void seen.mounts++, []);
      return <section aria-label="Crypto checkout" data-rc="" className="rc-root" />;
    },
  };
});

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const error = vi.spyOn(console, 'error').mockImplementation(() => {});
const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
let stop: (() => void) | undefined;
let restore: (() => void) | undefined;

afterEach(() => {
  act(() => stop?.());
  stop = undefined;
  restore?.();
  restore = undefined;
  seen.props = [];
  seen.env = [];
  seen.mounts = 0;
  document.body.replaceChildren();
  document.documentElement.className = '';
  error.mockClear();
  warn.mockClear();
});

function start(search: string, win: Window = window) {
  const container = win.document.createElement('div');
  win.document.body.append(container);
  act(() => void (stop = startHostedPage(win, container, search)));
  return container;
}

const lastProps = () => seen.props.at(-1)!;

describe('startHostedPage', () => {
  it('hands the widget the first data the server wrote into the page, when well formed', () => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = 'rc-first-data';
    block.textContent =
      '{"request":"/api/ramp/bootstrap?category=CRYPTO_ONRAMP&country=US","answer":{"country":"US"}}';
    document.body.append(block);
    start('?country=US');
    expect(lastProps().bootstrap).toEqual({
      request: '/api/ramp/bootstrap?category=CRYPTO_ONRAMP&country=US',
      answer: { country: 'US' },
    });
    // Malformed, or not the shape of one: the widget asks for its data itself.
    for (const text of ['{"request":', '{"answer":{}}', '5']) {
      act(() => stop?.());
      block.textContent = text;
      start('?country=US');
      expect(lastProps()).not.toHaveProperty('bootstrap');
    }
    expect(seen.env.at(-1)).toEqual({ pageHistory: true, defaults: { apiBaseUrl: '/api/ramp' } });
  });

  it('shows what to fix, and no widget, when the query string is invalid', () => {
    const page = start('?direction=up&amount=-5&lock=walletAddress');
    expect(page.querySelector('h1')!.textContent).toBe('This checkout link needs fixing');
    const alert = page.querySelector('[role="alert"]')!;
    const items = [...alert.querySelectorAll('li')].map((li) => li.textContent);
    expect(items).toEqual([
      expect.stringMatching(/^direction must be one of "buy", "sell"/),
      expect.stringMatching(/^amount must be a positive decimal/),
      expect.stringMatching(/^lock: "walletAddress" is locked but has no value/),
    ]);
    expect(alert.textContent).toMatch(/has 3 settings it cannot use/);
    expect(page.querySelector('main')).not.toBeNull();
    expect(seen.props).toEqual([]);
    expect(document.title).toBe('Checkout link error');
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/query string is invalid/));
  });

  it('renders the configured widget full page, and the page follows its theme', () => {
    const page = start(
      '?direction=sell&cryptoCurrency=USDC&network=SOLANA&lock=cryptoCurrency,network&theme=dark',
    );
    expect(page.querySelector('main.hp-main > .hp-slot > [data-rc]')).not.toBeNull();
    expect(lastProps()).toEqual({
      direction: 'sell',
      cryptoCurrency: 'USDC',
      network: 'SOLANA',
      lock: ['cryptoCurrency', 'network'],
      theme: 'dark',
      onEvent: undefined,
    });
    // The whole page: the browser's Back moves between the widget's screens. The API is beside the
    // page (served at the root here; under /ramp/ it would be /ramp/api/ramp).
    expect(seen.env.at(-1)).toEqual({ pageHistory: true, defaults: { apiBaseUrl: '/api/ramp' } });
    expect(document.documentElement.classList.contains('hp-dark')).toBe(true);
    expect(document.documentElement.classList.contains('hp-auto')).toBe(false);
    expect(page.querySelector('h1')!.textContent).toBe('Crypto checkout');
    expect(document.title).toBe('Crypto checkout');
  });

  it('speaks the widget’s language around it', async () => {
    const page = start('?locale=es-MX');
    // Spanish is loaded on demand; the page follows once it is here.
    await act(() => vi.waitFor(() => expect(document.documentElement.lang).toBe('es')));
    expect(page.querySelector('h1')!.textContent).toBe(document.title);
    expect(document.title).not.toBe('Crypto checkout');
  });

  it('posts nothing when it is not framed, even with a parentOrigin', () => {
    start('?parentOrigin=https://shop.example');
    expect(lastProps().onEvent).toBeUndefined();
    expect(warn).not.toHaveBeenCalled();
  });

  describe('framed', () => {
    function framed(search: string) {
      const iframe = document.createElement('iframe');
      document.body.append(iframe);
      const frame = iframe.contentWindow!;
      const postMessage = vi.spyOn(frame.parent, 'postMessage').mockImplementation(() => {});
      restore = () => postMessage.mockRestore();
      start(search, frame);
      const fromParent = (data: unknown, origin = 'https://shop.example') =>
        act(
          () => void frame.dispatchEvent(new MessageEvent('message', { data, origin, source: frame.parent })),
        );
      return { frame, postMessage, fromParent };
    }

    it('posts widget events to the pinned parent origin and takes its valid updates', () => {
      const { frame, postMessage, fromParent } = framed('?direction=buy&parentOrigin=https://shop.example');
      act(() => lastProps().onEvent!({ type: 'ready', direction: 'buy' }));
      expect(postMessage).toHaveBeenCalledExactlyOnceWith(
        { source: PAGE_SOURCE, event: { type: 'ready', direction: 'buy' } },
        'https://shop.example',
      );

      fromParent({ source: HOST_SOURCE, type: 'update', options: { amount: '75' } }, 'https://evil.example');
      expect(lastProps().amount).toBeUndefined();
      expect(seen.mounts).toBe(1);
      fromParent({ source: HOST_SOURCE, type: 'update', options: { amount: '75', theme: 'dark' } });
      expect(lastProps()).toMatchObject({ direction: 'buy', amount: '75', theme: 'dark' });
      // The running checkout takes these in place, keeping the shopper's progress.
      expect(seen.mounts).toBe(1);
      expect(frame.document.documentElement.classList.contains('hp-dark')).toBe(true);
      // Another country shapes the checkout from its first request: it starts over.
      fromParent({ source: HOST_SOURCE, type: 'update', options: { country: 'GB' } });
      expect(lastProps()).toMatchObject({ country: 'GB', amount: '75' });
      expect(seen.mounts).toBe(2);
    });

    it('answers an invalid update with an error event and keeps its options', () => {
      const { postMessage, fromParent } = framed('?direction=buy&parentOrigin=https://shop.example');
      const before = lastProps();
      fromParent({ source: HOST_SOURCE, type: 'update', options: { direction: 'hold' } });
      expect(lastProps()).toBe(before);
      expect(postMessage).toHaveBeenCalledExactlyOnceWith(
        {
          source: PAGE_SOURCE,
          event: {
            type: 'error',
            code: 'INVALID_OPTIONS',
            message: expect.stringMatching(/^Invalid options update: direction must be one of/),
          },
        },
        'https://shop.example',
      );
    });

    it('warns that events stay in the frame without a parentOrigin', () => {
      framed('?direction=buy');
      expect(lastProps().onEvent).toBeUndefined();
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/without \?parentOrigin/));
    });
  });
});
