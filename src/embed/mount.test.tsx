// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OptionsError } from '../widget/config';
import type { RampCheckoutOptions } from '../widget/config';
import { mountWidget } from './mount';
import { widgetCss } from '../ui/theme';
import { CONTAINER_ATTRIBUTE, HOST_ATTRIBUTE, RESET_CSS } from './shadow';

// The widget itself is tested in src/widget; here it only reports the props it got and its lifetime.
const life = vi.hoisted(() => ({ mounted: 0, unmounted: 0 }));
vi.mock('../widget/RampCheckout', async () => {
  const { useEffect } = await import('react');
  return {
    RampCheckout(props: RampCheckoutOptions) {
      useEffect(() => {
        life.mounted++;
        return () => void life.unmounted++;
      }, []);
      return (
        <section
          aria-label="Crypto checkout"
          data-rc=""
          data-props={JSON.stringify(props)}
          data-on-event={typeof props.onEvent}
        >
          widget
        </section>
      );
    },
  };
});

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const defaults = { apiBaseUrl: 'https://pay.example/api/ramp' };
const error = vi.spyOn(console, 'error').mockImplementation(() => {});
const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});

beforeEach(() => {
  document.body.innerHTML = '<div id="a"></div><div id="b"></div>';
  life.mounted = life.unmounted = 0;
});
afterEach(() => {
  error.mockClear();
  warn.mockClear();
});

function hostIn(el: Element | null): HTMLElement {
  const hosts = el!.querySelectorAll<HTMLElement>(`[${HOST_ATTRIBUTE}]`);
  expect(hosts).toHaveLength(1);
  return hosts[0]!;
}

function propsIn(el: Element | null): Record<string, unknown> {
  const widget = hostIn(el).shadowRoot!.querySelector('[data-props]');
  return JSON.parse(widget!.getAttribute('data-props')!) as Record<string, unknown>;
}

describe('mountWidget', () => {
  it('renders the widget in an open shadow root of a host it adds inside the element', () => {
    act(() => void mountWidget('#a', { direction: 'sell', cryptoCurrency: 'eth' }, defaults));
    const host = hostIn(document.getElementById('a'));
    expect(host.shadowRoot).not.toBeNull();
    // Nothing of the widget is in the light DOM, so page selectors cannot reach it.
    expect(document.querySelector('[data-rc]')).toBeNull();
    expect(host.shadowRoot!.querySelector(`[${CONTAINER_ATTRIBUTE}] > [data-rc]`)).not.toBeNull();
    expect(propsIn(document.getElementById('a'))).toEqual({
      direction: 'sell',
      cryptoCurrency: 'eth',
      apiBaseUrl: 'https://pay.example/api/ramp',
    });
    expect(life.mounted).toBe(1);
  });

  it('keeps its styles inside the shadow root', () => {
    act(() => void mountWidget(document.getElementById('a')!, {}, defaults));
    const shadow = hostIn(document.getElementById('a')).shadowRoot!;
    // jsdom has no constructable stylesheets, so both arrive as <style> elements (the reset first).
    const styles = [...shadow.querySelectorAll('style')].map((s) => s.textContent);
    expect(styles).toEqual([RESET_CSS, widgetCss]);
    expect(RESET_CSS).toMatch(new RegExp(`^\\[${CONTAINER_ATTRIBUTE}\\] \\{ all: initial;`));
    expect(document.head.querySelector('style')).toBeNull();
  });

  it('lets options choose their own apiBaseUrl', () => {
    act(() => void mountWidget('#a', { apiBaseUrl: 'https://other.example/api/ramp' }, defaults));
    expect(propsIn(document.getElementById('a')).apiBaseUrl).toBe('https://other.example/api/ramp');
  });

  it('passes the first data from the merchant’s server (bootstrap); a later one restarts nothing', () => {
    const first = (at: number) => ({ request: '/api/ramp/bootstrap?country=FR', answer: { at } });
    let handle!: ReturnType<typeof mountWidget>;
    act(() => void (handle = mountWidget('#a', { country: 'FR', bootstrap: first(1) }, defaults)));
    expect(propsIn(document.getElementById('a')).bootstrap).toEqual(first(1));
    act(() => handle.update({ bootstrap: first(2) }));
    expect(life).toEqual({ mounted: 1, unmounted: 0 });
  });

  it('throws an OptionsError naming every issue, logs it, and mounts nothing', () => {
    let thrown: unknown;
    try {
      mountWidget('#a', { direction: 'up', country: 'USA', launch: 'iframe' } as never, defaults);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(OptionsError);
    expect((thrown as OptionsError).issues).toHaveLength(3);
    expect(error).toHaveBeenCalledWith((thrown as OptionsError).message);
    expect(document.getElementById('a')!.childElementCount).toBe(0);
  });

  it('mounts with a language the checkout cannot speak, which the widget says (the shopper gets theirs)', () => {
    act(() => void mountWidget('#a', { locale: 'nl-NL', defaultLocale: 'C' }, defaults));
    expect(propsIn(document.getElementById('a'))).toMatchObject({ locale: 'nl-NL', defaultLocale: 'C' });
    expect(error).not.toHaveBeenCalled();
  });

  it('says when the target is missing or not an element', () => {
    expect(() => mountWidget('#nope', {}, defaults)).toThrow('no element matches "#nope"');
    expect(() => mountWidget({} as Element, {}, defaults)).toThrow(/element or a CSS selector/);
  });

  it('update() merges, re-validates and starts the checkout over for what it cannot take in place; an invalid update changes nothing', () => {
    let handle!: ReturnType<typeof mountWidget>;
    act(() => void (handle = mountWidget('#a', { direction: 'buy', fiatCurrency: 'USD' }, defaults)));
    act(() => handle.update({ direction: 'sell', cryptoCurrency: 'BTC' }));
    expect(propsIn(document.getElementById('a'))).toMatchObject({
      direction: 'sell',
      fiatCurrency: 'USD',
      cryptoCurrency: 'BTC',
    });
    // The widget reads its options when it mounts, so new options mean a fresh instance.
    expect(life).toEqual({ mounted: 2, unmounted: 1 });

    expect(() => handle.update({ directions: ['buy'] })).toThrow(/direction "sell" is not among directions/);
    expect(propsIn(document.getElementById('a')).directions).toBeUndefined();

    // A new listener alone keeps the checkout where it is.
    act(() => handle.update({ onEvent: () => {} }));
    const widget = hostIn(document.getElementById('a')).shadowRoot!.querySelector('[data-on-event]')!;
    expect(widget.getAttribute('data-on-event')).toBe('function');
    expect(life).toEqual({ mounted: 2, unmounted: 1 });

    // So do the options a running checkout takes: a wallet connected, and its lock, a new amount.
    act(() => handle.update({ walletAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', amount: '50' }));
    act(() => handle.update({ lock: ['walletAddress'] }));
    expect(propsIn(document.getElementById('a'))).toMatchObject({ amount: '50', lock: ['walletAddress'] });
    expect(life).toEqual({ mounted: 2, unmounted: 1 });
  });

  it('unmount() unmounts React and removes the host; later calls are harmless', () => {
    let handle!: ReturnType<typeof mountWidget>;
    act(() => void (handle = mountWidget('#a', {}, defaults)));
    act(() => handle.unmount());
    expect(life.unmounted).toBe(1);
    expect(document.getElementById('a')!.childElementCount).toBe(0);
    act(() => handle.unmount());
    handle.update({ direction: 'sell' });
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/after unmount/));
    expect(life.unmounted).toBe(1);
  });

  it('keeps two mounts apart, and replaces a mount made again in the same element', () => {
    let a!: ReturnType<typeof mountWidget>;
    act(() => {
      a = mountWidget('#a', { direction: 'buy' }, defaults);
      mountWidget('#b', { direction: 'sell' }, defaults);
    });
    expect(propsIn(document.getElementById('a')).direction).toBe('buy');
    expect(propsIn(document.getElementById('b')).direction).toBe('sell');

    act(() => a.update({ country: 'FR' }));
    expect(propsIn(document.getElementById('b')).country).toBeUndefined();
    act(() => a.unmount());
    expect(propsIn(document.getElementById('b')).direction).toBe('sell');

    act(() => void mountWidget('#b', { country: 'DE' }, defaults));
    expect(propsIn(document.getElementById('b'))).toMatchObject({ country: 'DE' });
    expect(document.getElementById('b')!.querySelectorAll(`[${HOST_ATTRIBUTE}]`)).toHaveLength(1);
    // a's update and unmount, then b's first instance: the replaced mount is really gone.
    expect(life.unmounted).toBe(3);
  });
});
