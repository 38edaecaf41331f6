// Small generated SVG icons (currencies, payment methods) and the provider page's stylesheet.
// Icon URLs point here when the sandbox knows its public address, else they are data: URLs so
// they still render.

import type { Hono } from 'hono';

function hue(text: string): number {
  let h = 0;
  for (const ch of text) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return h;
}

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** A round badge with the code's letters, coloured by the code. */
export function currencySvg(code: string): string {
  const label = escapeXml(code.slice(0, 4));
  const size = label.length > 3 ? 9 : 11;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" role="img" aria-label="${label}">` +
    `<circle cx="16" cy="16" r="16" fill="hsl(${hue(code)},55%,42%)"/>` +
    `<text x="16" y="20" font-family="sans-serif" font-size="${size}" font-weight="700" fill="#fff" text-anchor="middle">${label}</text></svg>`
  );
}

/** A rounded card with the method's initials; dark and light variants. */
export function methodSvg(method: string, variant: 'dark' | 'light'): string {
  const initials = escapeXml(
    method
      .split('_')
      .map((w) => w[0])
      .join('')
      .slice(0, 3),
  );
  const [bg, fg] = variant === 'dark' ? ['#1f2937', '#f9fafb'] : ['#f3f4f6', '#111827'];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 28" role="img" aria-label="${initials}">` +
    `<rect width="40" height="28" rx="5" fill="${bg}" stroke="hsl(${hue(method)},55%,45%)" stroke-width="2"/>` +
    `<text x="20" y="18" font-family="sans-serif" font-size="10" font-weight="700" fill="${fg}" text-anchor="middle">${initials}</text></svg>`
  );
}

const dataUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

export interface IconUrls {
  currency(code: string): string;
  method(method: string): { dark: string; light: string };
}

export function iconUrls(assetBase: string | null): IconUrls {
  return {
    currency: (code) => (assetBase ? `${assetBase}/assets/currency/${code}.svg` : dataUrl(currencySvg(code))),
    method: (method) =>
      assetBase
        ? {
            dark: `${assetBase}/assets/method/${method}/dark.svg`,
            light: `${assetBase}/assets/method/${method}/light.svg`,
          }
        : { dark: dataUrl(methodSvg(method, 'dark')), light: dataUrl(methodSvg(method, 'light')) },
  };
}

export const PROVIDER_CSS = `
:root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.5; }
body { margin: 0; background: Canvas; color: CanvasText; }
main { max-width: 28rem; margin: 2rem auto; padding: 1.5rem; border: 1px solid GrayText; border-radius: 12px; }
h1 { font-size: 1.4rem; margin: 0 0 .25rem; }
/* Not GrayText: 3.9:1 on Canvas in some themes; this mix is over 7:1 in light and dark. */
.sandbox { font-size: .85rem; color: color-mix(in srgb, CanvasText 75%, Canvas); margin: 0 0 1rem; }
dl { display: grid; grid-template-columns: auto 1fr; gap: .35rem 1rem; margin: 1rem 0; }
dt { font-weight: 600; }
dd { margin: 0; overflow-wrap: anywhere; }
.actions { display: flex; gap: .5rem; flex-wrap: wrap; margin-top: 1.25rem; }
button { font: inherit; padding: .55rem 1.1rem; border-radius: 8px; border: 1px solid GrayText; cursor: pointer; background: ButtonFace; color: ButtonText; }
button[value="pay"] { background: #1d4ed8; border-color: #1d4ed8; color: #fff; }
button:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
`;

const CODE = /^[A-Z0-9_]{1,24}$/;

/** Public (no API key): browsers load these directly. */
export function registerAssets(app: Hono): void {
  const svg = (body: string) =>
    new Response(body, {
      headers: { 'content-type': 'image/svg+xml; charset=utf-8', 'cache-control': 'public, max-age=86400' },
    });
  app.get('/assets/currency/:file', (c) => {
    const code = c.req.param('file').replace(/\.svg$/, '');
    return CODE.test(code) ? svg(currencySvg(code)) : c.notFound();
  });
  app.get('/assets/method/:method/:variant', (c) => {
    const method = c.req.param('method');
    const variant = c.req.param('variant');
    if (!CODE.test(method) || (variant !== 'dark.svg' && variant !== 'light.svg')) return c.notFound();
    return svg(methodSvg(method, variant === 'dark.svg' ? 'dark' : 'light'));
  });
  app.get('/assets/provider.css', () => {
    return new Response(PROVIDER_CSS, {
      headers: { 'content-type': 'text/css; charset=utf-8', 'cache-control': 'public, max-age=3600' },
    });
  });
}
