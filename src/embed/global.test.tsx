// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RampCheckoutOptions } from '../widget/config';
import { installGlobal } from './global';
import { HOST_ATTRIBUTE } from './shadow';
import type { RampCheckoutGlobal, RampCheckoutHandle, RampCheckoutStub } from './types';

vi.mock('../widget/RampCheckout', () => ({
  RampCheckout: (props: RampCheckoutOptions) => <div data-rc="" data-props={JSON.stringify(props)} />,
}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const defaults = { apiBaseUrl: 'https://pay.example/api/ramp' };
const error = vi.spyOn(console, 'error').mockImplementation(() => {});

/** The documented stub, as a merchant's own script defines it. */
function defineStub() {
  const w = window as unknown as { RampCheckout?: RampCheckoutStub };
  w.RampCheckout =
    w.RampCheckout ||
    function (...args: unknown[]) {
      (w.RampCheckout!.q = w.RampCheckout!.q || []).push(args);
    };
}

const stub = () => window.RampCheckout as RampCheckoutStub;
const api = () => window.RampCheckout as RampCheckoutGlobal;
const widgetProps = (id: string) => {
  const host = document.getElementById(id)!.querySelector(`[${HOST_ATTRIBUTE}]`);
  return JSON.parse(host!.shadowRoot!.querySelector('[data-props]')!.getAttribute('data-props')!);
};

beforeEach(() => {
  delete window.RampCheckout;
  document.body.innerHTML = '<div id="a"></div><div id="b"></div>';
});
afterEach(() => error.mockClear());

describe('installGlobal', () => {
  it('runs the queued commands in order, then takes new ones at once', () => {
    defineStub();
    const handles: RampCheckoutHandle[] = [];
    const ready = vi.fn();
    stub()('mount', '#a', { direction: 'buy' }, (h: RampCheckoutHandle) => handles.push(h));
    stub()('ready', ready);
    stub()('mount', '#b', { direction: 'sell' });
    expect(stub().q).toHaveLength(3);

    act(() => void installGlobal(window, defaults));
    expect(handles).toHaveLength(1);
    expect(ready).toHaveBeenCalledExactlyOnceWith(api());
    expect(widgetProps('a')).toEqual({ direction: 'buy', apiBaseUrl: defaults.apiBaseUrl });
    expect(widgetProps('b').direction).toBe('sell');

    act(() => handles[0]!.update({ country: 'GB' }));
    expect(widgetProps('a').country).toBe('GB');
    act(() => api()('unmount', '#a'));
    expect(document.getElementById('a')!.childElementCount).toBe(0);

    let handle!: RampCheckoutHandle;
    act(() => void (handle = api()('mount', '#a', { country: 'FR' })));
    expect(widgetProps('a').country).toBe('FR');
    act(() => handle.unmount());
    act(() => void api().mount(document.getElementById('a')!, { country: 'DE' }));
    expect(widgetProps('a').country).toBe('DE');
    expect(api().loaded).toBe(true);
    expect(api().defaultApiBaseUrl).toBe(defaults.apiBaseUrl);
  });

  it('logs a failing queued command and still runs the rest', () => {
    defineStub();
    stub()('mount', '#missing', {});
    stub()('open', '#a');
    stub()('mount', '#a', { direction: 'sideways' });
    stub()('mount', '#b', {});
    act(() => void installGlobal(window, defaults));
    expect(widgetProps('b').apiBaseUrl).toBe(defaults.apiBaseUrl);
    const logged = error.mock.calls.map((c) => c.map(String).join(' '));
    expect(logged).toHaveLength(3);
    expect(logged[0]).toMatch(/no element matches "#missing"/);
    expect(logged[1]).toMatch(/unknown command "open"/);
    expect(logged[2]).toMatch(/direction must be one of "buy", "sell"/);
  });

  it('works without a stub, and a second copy of the script keeps the first', () => {
    const first = installGlobal(window, defaults);
    expect(window.RampCheckout).toBe(first);
    expect(installGlobal(window, { apiBaseUrl: '/api/ramp' })).toBe(first);
    expect(api().defaultApiBaseUrl).toBe(defaults.apiBaseUrl);
  });

  it('throws from direct calls, where the caller can catch', () => {
    installGlobal(window, defaults);
    expect(() => api()('mount', '#a', { amount: '-1' })).toThrow(/amount must be a positive decimal/);
    expect(() => (api() as unknown as (c: string) => void)('destroy')).toThrow(/unknown command "destroy"/);
    expect(() => api()('ready', 'x' as never)).toThrow(/fn must be a function/);
  });
});
