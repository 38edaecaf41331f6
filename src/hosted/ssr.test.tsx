// A host app that renders its pages on the server (Next.js, Remix…) renders <RampCheckout> there too:
// it must not throw or touch browser globals, and it emits only an empty box of the widget's size (the
// widget renders on the client, after hydration, into that space: the page does not shift).
import { resolve } from 'node:path';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isBuilt } from '../test/built';
import { RampCheckout } from '../index';
import type { RampCheckoutOptions } from '../widget/config';

const error = vi.spyOn(console, 'error');
afterEach(() => error.mockClear());

function hostPage(Widget: ComponentType<RampCheckoutOptions>): string {
  return renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <html lang="en">
        <body>
          <h1>Acme shop</h1>
          <Widget apiBaseUrl="https://pay.example/api/ramp" direction="buy" cryptoCurrency="ETH" />
          <footer>© Acme</footer>
        </body>
      </html>
    </QueryClientProvider>,
  );
}

function expectNoWidgetMarkup(html: string) {
  expect(html).toContain('<h1>Acme shop</h1>');
  expect(html).toContain('<footer>© Acme</footer>');
  expect(html).toMatch(
    /<div data-rc-host="" data-rc-placeholder="" aria-busy="true" style="min-height:[^"]+"><\/div>/,
  );
  expect(html).not.toMatch(/data-rc=|Crypto checkout|aria-label/);
  expect(error).not.toHaveBeenCalled();
}

describe('server-side rendering', () => {
  it('runs without a DOM', () => {
    expect(typeof window).toBe('undefined');
    expect(typeof document).toBe('undefined');
  });

  it('renders a host page around <RampCheckout> from the sources', () => {
    expectNoWidgetMarkup(hostPage(RampCheckout));
  });

  const built = resolve(import.meta.dirname, '../../dist/lib/index.js');
  it.skipIf(!isBuilt(built))(
    'renders it from the built library (dist/lib; skipped before `npm run build`)',
    async () => {
      const lib = (await import(/* @vite-ignore */ built)) as {
        RampCheckout: ComponentType<RampCheckoutOptions>;
      };
      expectNoWidgetMarkup(hostPage(lib.RampCheckout));
    },
  );
});
