// @vitest-environment jsdom
// The hosted page rendered on the server and taken over in the browser: the page the server sends
// (its first data and its first screen, from the real index.html, server/http/first-data.ts and
// first-screen.ts) is started by the page's own entry (start.tsx), which hydrates it: the same nodes
// stay, nothing is rendered afresh, and the first data is not asked for again.
import { readFileSync } from 'node:fs';
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestServer } from '../queries/test-server';
import { bootstrapRequestPath } from '../server/http/preload';
import { withFirstData } from '../server/http/first-data';
import { withFirstScreen } from '../server/http/first-screen';
import type { RenderFirstScreen } from '../api/first-screen';
import type { RampBootstrap } from '../api/bootstrap';
import { widgetCss } from '../ui/theme';
import { prerender } from './prerender';
import { startHostedPage } from './start';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const BEST =
  '?direction=buy&country=US&subdivision=US-CA&fiatCurrency=USD&cryptoCurrency=BTC&network=BITCOIN&paymentMethod=CREDIT_DEBIT_CARD&amount=100';
const INDEX = readFileSync('index.html', 'utf8');
const server = createTestServer();
let firstData: RampBootstrap;
let stop: (() => void) | undefined;

// The renderer is what the server loads: its type is the server's.
const render: RenderFirstScreen = prerender;

beforeAll(async () => {
  const request = bootstrapRequestPath(new URLSearchParams(BEST))!;
  firstData = { request, answer: (await (await server.fetch(request)).json()) as unknown };
});
afterEach(() => {
  act(() => stop?.());
  stop = undefined;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The page as the server sends it for `search`, loaded into this document (scripts inert). */
async function loadServedPage(search: string, acceptLanguage = 'en-US') {
  const screen = await render({ search, firstData, apiBaseUrl: '/api/ramp', acceptLanguage });
  const page = withFirstData(INDEX, firstData)!;
  const served = screen ? withFirstScreen(page, screen, () => undefined)!.html : page;
  const parsed = new DOMParser().parseFromString(served, 'text/html');
  document.documentElement.lang = parsed.documentElement.lang;
  document.head.innerHTML = parsed.head.innerHTML;
  document.body.innerHTML = parsed.body.innerHTML;
  return { screen, root: document.getElementById('root')! };
}

/** The page's own entry started on the served page (its requests to the test server), its first effects run. */
async function startPage(root: HTMLElement, search: string) {
  vi.stubGlobal('fetch', server.fetch);
  await act(async () => {
    stop = startHostedPage(window, root, search);
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
}

describe('the hosted page rendered on the server', () => {
  it('shows the best offer in its HTML, with nothing of the shell left', async () => {
    const { screen, root } = await loadServedPage(BEST);
    expect(screen!.css).toBe(widgetCss);
    expect(document.querySelector('style[data-rc-styles]')!.textContent).toBe(widgetCss);
    expect(root.getAttribute('data-rc-ssr')).toBe('');
    expect(root.querySelector('.hp-shell')).toBeNull();
    const best = root.querySelector<HTMLInputElement>('.rc-radiogroup--cards input:checked')!;
    expect(best.getAttribute('aria-label')).toMatch(/^\w+: you get 0\.\d+\sBTC for \$100\.00$/);
  });

  it('is hydrated by the page: the same nodes, no render afresh, no error, no bootstrap asked again', async () => {
    const { root } = await loadServedPage(BEST);
    const best = root.querySelector('.rc-radiogroup--cards input:checked');
    const amount = root.querySelector('input[inputmode="decimal"]');
    const asked = server.requests.length;
    const error = vi.spyOn(console, 'error');
    await startPage(root, BEST);
    expect(root.getAttribute('data-rc-ssr')).toBe('');
    expect(root.querySelector('.rc-radiogroup--cards input:checked')).toBe(best);
    expect(root.querySelector('input[inputmode="decimal"]')).toBe(amount);
    expect(error).not.toHaveBeenCalled();
    expect(server.requests.slice(asked).map((r) => r.path.split('?')[0])).not.toContain('/bootstrap');
  });

  it('keeps what the shopper typed before the page took the screen over', async () => {
    const { root } = await loadServedPage(BEST);
    const amount = root.querySelector<HTMLInputElement>('input[inputmode="decimal"]')!;
    amount.value = '250'; // typed while the scripts were on their way
    const asked = server.requests.length;
    await startPage(root, BEST);
    expect(root.getAttribute('data-rc-ssr')).toBe('');
    expect(amount).toHaveValue('250');
    // The checkout took it as the shopper's: it prices 250.
    await vi.waitFor(
      () => {
        expect(
          server.requests
            .slice(asked)
            .some((r) => (r.body as { sourceAmount?: number })?.sourceAmount === 250),
        ).toBe(true);
      },
      { timeout: 5000 },
    );
  });

  it('is rendered afresh, and says so on its root, where the browser differs (here: another amount)', async () => {
    const { root } = await loadServedPage(BEST);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await startPage(root, BEST.replace('amount=100', 'amount=250'));
    expect(root.getAttribute('data-rc-ssr')).toBe('replaced');
    // Rendered afresh after the mismatch: React commits that render in a later task (under Node 24,
    // after the first 50 ms).
    await vi.waitFor(() => expect(root.querySelector('input[inputmode="decimal"]')).toHaveValue('250'));
  });

  /**
   * The page served for `link` and an Accept-Language, then started in a browser whose languages are
   * `browser`: taken over as it is (the same heading node), its heading's words and the console's errors.
   */
  async function inLanguage(link: string, acceptLanguage: string, browser: string[]) {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(browser);
    const { screen, root } = await loadServedPage(link, acceptLanguage);
    const heading = root.querySelector('h2');
    const served = heading?.textContent;
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await startPage(root, link);
    expect(root.getAttribute('data-rc-ssr')).toBe('');
    expect(root.querySelector('h2')).toBe(heading);
    return { screen, served, errors: error.mock.calls.map((call) => String(call[0])) };
  }

  it('is in the page’s language: the page loads its words, then takes the screen over as it is', async () => {
    const { served, errors } = await inLanguage(`${BEST}&locale=de`, 'en-US', ['en-US']);
    expect(served).toBe('Krypto kaufen');
    expect(errors).toEqual([]);
  });

  it('is in the best of the shopper’s languages, on the server as in the browser', async () => {
    const { served, errors } = await inLanguage(BEST, 'nl-NL,nl;q=0.9,de-DE;q=0.8,de;q=0.7', [
      'nl-NL',
      'nl',
      'de-DE',
      'de',
    ]);
    expect(served).toBe('Krypto kaufen');
    expect(document.documentElement.lang).toBe('de');
    expect(errors).toEqual([]);
  });

  it('keeps the language the server chose when the browser’s own list says another', async () => {
    const { served, errors } = await inLanguage(BEST, 'de-DE,de;q=0.9', ['fr-FR', 'de-DE']);
    expect(served).toBe('Krypto kaufen');
    expect(document.documentElement.lang).toBe('de');
    expect(errors).toEqual([]);
  });

  it('with a link’s language it cannot speak, is the shopper’s, and tells the merchant on the console', async () => {
    const { screen, served, errors } = await inLanguage(`${BEST}&locale=nl`, 'fr-FR', ['fr-FR']);
    const fix = 'locale "nl" is not a supported language (en, es, fr, de, pt, it, ja, zh, ko, tr)';
    expect(screen!.notices).toEqual([fix]);
    expect(served).toBe('Acheter des cryptos');
    expect(errors).toEqual([expect.stringContaining(fix)]);
  });

  it('is not rendered for an invalid link (the page shows what to fix)', async () => {
    expect(
      await render({ search: `${BEST}&direction=up`, firstData, apiBaseUrl: '/api/ramp' }),
    ).toBeUndefined();
  });

  it('escapes what the link puts on screen', async () => {
    const hostile = `${BEST}&walletAddress=${encodeURIComponent('"><script>alert(1)</script>')}`;
    const { root } = await loadServedPage(hostile);
    expect(root.querySelector('script')).toBeNull();
  });
});
