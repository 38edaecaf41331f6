// The built embed file in a page (jsdom), loaded the way a merchant loads it: the queue stub first,
// then <script src=".../ramp-checkout.js">. Skipped before `npm run build`; real browsers run it in e2e.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { JSDOM, ResourceLoader } from 'jsdom';
import { afterEach, describe, expect, it } from 'vitest';
import { isBuilt } from '../test/built';

const embedFile = resolve(import.meta.dirname, '../../dist/embed/ramp-checkout.js');
const SCRIPT_URL = 'https://pay.example:8443/ramp-checkout.js?v=1';
const STUB =
  'window.RampCheckout=window.RampCheckout||function(){(window.RampCheckout.q=window.RampCheckout.q||[]).push(arguments)};';

/** Serves the built embed at SCRIPT_URL and nothing else. */
class EmbedLoader extends ResourceLoader {
  override fetch(url: string, options: Parameters<ResourceLoader['fetch']>[1]) {
    if (url === SCRIPT_URL)
      return Promise.resolve(readFileSync(embedFile)) as ReturnType<ResourceLoader['fetch']>;
    return super.fetch(url, options);
  }
}

let dom: JSDOM | undefined;
afterEach(() => dom?.window.close());

describe.skipIf(!isBuilt(embedFile))('dist/embed/ramp-checkout.js in a page', () => {
  it('runs the queued mount into a shadow root and calls the proxy of the origin it came from', async () => {
    const requested: string[] = [];
    dom = new JSDOM(
      `<!doctype html><body><div id="checkout"></div>
       <script>${STUB} RampCheckout('mount', '#checkout', { directions: ['buy'], cryptoCurrency: 'ETH' },
         function (handle) { window.handle = handle; });</script>
       <script src="${SCRIPT_URL}"></script></body>`,
      {
        url: 'https://shop.example/checkout',
        runScripts: 'dangerously',
        resources: new EmbedLoader(),
        pretendToBeVisual: true,
        beforeParse(window) {
          // jsdom has no fetch: record what the widget asks for and leave it pending.
          (window as unknown as { fetch: (input: unknown) => Promise<never> }).fetch = (input) => {
            requested.push(String(input));
            return new Promise<never>(() => {});
          };
        },
      },
    );
    const { window } = dom;
    await new Promise((done) => window.addEventListener('load', done));

    const api = (window as unknown as { RampCheckout: { loaded?: boolean; defaultApiBaseUrl?: string } })
      .RampCheckout;
    expect(api.loaded).toBe(true);
    expect(api.defaultApiBaseUrl).toBe('https://pay.example:8443/api/ramp');

    const host = window.document.querySelector('#checkout > [data-ramp-checkout]')!;
    const shadow = host.shadowRoot!;
    await expect
      .poll(() => shadow.querySelector('[aria-label="Crypto checkout"]'), { timeout: 5000 })
      .not.toBeNull();
    expect(window.document.querySelector('[data-rc]')).toBeNull();
    // jsdom lacks constructable stylesheets: the widget's CSS arrives as a <style> inside the shadow root.
    expect([...shadow.querySelectorAll('style')].some((s) => s.textContent?.includes('[data-rc]'))).toBe(
      true,
    );
    expect(window.document.head.querySelector('style')).toBeNull();

    await expect.poll(() => requested.length, { timeout: 5000 }).toBeGreaterThan(0);
    expect(requested.every((url) => url.startsWith('https://pay.example:8443/api/ramp/'))).toBe(true);

    (window as unknown as { handle: { unmount(): void } }).handle.unmount();
    expect(window.document.getElementById('checkout')!.childElementCount).toBe(0);
  });
});
