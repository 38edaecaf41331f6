// The hosted page's first screen rendered into its HTML (http/first-screen.ts), through the server's
// fetch, on the real index.html and with the hosted page's own renderer (src/hosted/prerender.tsx).
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { prerender } from '../../hosted/prerender';
import { TEST_KEY } from '../testing/upstream';
import { testServer } from '../testing/server';
import type { RenderFirstScreen } from '../../api/first-screen';

const BEST =
  '/?direction=buy&country=us&subdivision=US-CA&fiatCurrency=USD&cryptoCurrency=BTC&network=BITCOIN&paymentMethod=CREDIT_DEBIT_CARD&amount=100';

const PAGE_CSS = '.hp-main{margin:0 auto}';

/** A hosted build: the page (by default index.html, linking its stylesheet as the build does) and its assets. */
function hostedDir(
  index?: string,
  assets: Record<string, string> = { 'index-Ab12Cd34.css': PAGE_CSS },
): string {
  const dir = mkdtempSync(join(tmpdir(), 'rc-first-screen-'));
  const source = readFileSync('index.html', 'utf8').replace(
    '</head>',
    '<link rel="stylesheet" crossorigin href="./assets/index-Ab12Cd34.css"></head>',
  );
  writeFileSync(join(dir, 'index.html'), index ?? source);
  mkdirSync(join(dir, 'assets'));
  for (const [name, text] of Object.entries(assets)) writeFileSync(join(dir, 'assets', name), text);
  return dir;
}

function serve(render: RenderFirstScreen, dir = hostedDir()) {
  const t = testServer({
    upstream: 'fake',
    static: { hostedDir: dir, embedFile: join(dir, 'embed.js'), firstScreen: async () => render },
  });
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await t.request(path, { headers: { 'Accept-Language': 'en-US,en;q=0.9', ...headers } });
    return { res, html: await res.text() };
  };
  return { ...t, get };
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('the hosted page with its first screen', () => {
  it('carries the best offer in place of the shell, and a CSP that admits its inline styles alone', async () => {
    const { res, html } = await serve(prerender).get(BEST);
    expect(res.status).toBe(200);
    expect(html).toContain('<div id="root" data-rc-ssr=""><main class="hp-main">');
    expect(html).not.toContain('hp-shell');
    expect(html).toMatch(/aria-label="\w+: you get 0\.\d+\sBTC for \$100\.00"/);
    expect(html).toContain('<script type="application/json" id="rc-first-data">');
    expect(html).not.toContain(TEST_KEY);
    // The page paints with its HTML alone: its own stylesheet inline in place of its link, then the
    // widget's, both in its head; the scripts after the root as before.
    expect(html).not.toContain('<link rel="stylesheet"');
    expect(html.indexOf(`<style>${PAGE_CSS}</style>`)).toBeLessThan(
      html.indexOf('<style data-rc-styles="">'),
    );
    expect(html.indexOf('<style data-rc-styles="">')).toBeLessThan(html.indexOf('</head>'));
    expect(html.indexOf('</main></div>')).toBeLessThan(html.indexOf('<script type="module"'));

    const styles = /style-src ([^;]*)/.exec(res.headers.get('content-security-policy')!)![1]!.split(' ');
    const inline = [
      PAGE_CSS,
      /<style data-rc-styles="">([^<]*)<\/style>/.exec(html)![1]!,
      ...new Set([...html.matchAll(/ style="([^"]*)"/g)].map((m) => m[1]!)),
    ];
    expect(inline.length).toBeGreaterThan(3); // the sheets, the box's height, the partner's colour…
    expect(styles).toEqual(["'self'", "'unsafe-hashes'", ...inline.map(sha256)]);
    expect(styles).not.toContain("'unsafe-inline'");
  });

  it('goes out with its first data only when the renderer declines or fails, or the page has no shell or stylesheet', async () => {
    const declined = await serve(async () => undefined).get(BEST);
    const failing = serve(() => Promise.reject(new Error('boom')));
    const failed = await failing.get(BEST);
    const noShell = await serve(
      prerender,
      hostedDir('<html><head></head><body><div id="root"></div></body></html>'),
    ).get(BEST);
    const noSheet = await serve(prerender, hostedDir(undefined, {})).get(BEST);
    for (const { res, html } of [declined, failed, noShell, noSheet]) {
      expect(res.status).toBe(200);
      expect(html).toContain('id="rc-first-data"');
      expect(html).not.toContain('data-rc-ssr');
      expect(res.headers.get('content-security-policy')).toContain("style-src 'self';");
    }
    expect(failing.lines.some((l) => l.includes('first screen not rendered') && l.includes('boom'))).toBe(
      true,
    );
  });

  // The best offer as it is named in each language ('quote.name' of en.ts, pt.ts, de.ts, fr.ts).
  const offer: Record<string, RegExp> = {
    en: /aria-label="\w+: you get 0\.\d+\sBTC for \$100\.00"/,
    pt: /aria-label="\w+: você recebe 0,\d+\sBTC por US\$\s100,00"/,
    de: /aria-label="\w+: Sie erhalten 0,\d+\sBTC für (\$\s100,00|100,00\s\$)"/, // de-AT: "$ 100,00"
    fr: /aria-label="\w+\s: vous recevez 0,\d+\sBTC pour 100,00\s\$\s?US"/,
  };
  const title: Record<string, string> = {
    en: 'Crypto checkout',
    pt: 'Checkout de cripto',
    de: 'Krypto-Checkout',
    fr: 'Paiement crypto',
  };

  it.each([
    ['nl-NL', 'en'],
    ['pl-PL,pl;q=0.9', 'en'],
    ['*', 'en'],
    ['C', 'en'],
    ['en_US', 'en'],
    ['pt-BR', 'pt'],
    ['de-AT', 'de'],
    ['de DE!', 'en'],
    ['nl;q=1, de;q=0, fr-CA;q=0.5, en;q=0.4', 'fr'],
  ])(
    'for Accept-Language %j, holds the checkout and its price in %j, never the set-up error',
    async (header, language) => {
      const { res, html } = await serve(prerender).get(BEST, { 'Accept-Language': header });
      expect(res.status).toBe(200);
      expect(html).toContain('<div id="root" data-rc-ssr="">');
      expect(html).toMatch(offer[language]!);
      expect(html).not.toContain('rc-alert--error');
      expect(html).toContain(`<html lang="${language}" `);
      expect(html).toContain(`<title>${title[language]}</title>`);
      expect(html).toContain(`aria-label="${title[language]}"`);
      expect(res.headers.get('content-language')).toBe(language);
      expect(res.headers.get('vary')).toMatch(/\bAccept-Language\b/);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
    },
  );

  it('is in the link’s language when it names one; one it cannot speak is the merchant’s to fix, not the shopper’s', async () => {
    const french = await serve(prerender).get(`${BEST}&locale=fr`, { 'Accept-Language': 'de-DE' });
    expect(french.html).toContain('<html lang="fr" ');
    expect(french.html).toMatch(offer.fr!);

    const page = serve(prerender);
    const dutch = await page.get(`${BEST}&locale=nl-NL&defaultLocale=de`, { 'Accept-Language': 'pl' });
    expect(dutch.res.status).toBe(200);
    expect(dutch.html).toMatch(offer.de!);
    expect(dutch.html).not.toContain('rc-alert--error');
    expect(dutch.res.headers.get('content-language')).toBe('de');
    const warned = page.lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.level === 'warn');
    expect(warned).toMatchObject([
      {
        msg: 'hosted page link to fix',
        issues: ['locale "nl-NL" is not a supported language (en, es, fr, de, pt, it, ja, zh, ko, tr)'],
      },
    ]);
  });

  it('tells the merchant of a link to fix once per problem, each cut short (a link is anyone’s to make)', async () => {
    const page = serve(prerender);
    const long = `x${'y'.repeat(4000)}`;
    for (const locale of ['nl-NL', 'nl-NL', long, long, 'pl'])
      expect((await page.get(`${BEST}&locale=${locale}`)).res.status).toBe(200);
    const issues = page.lines
      .map((l) => JSON.parse(l) as { level: string; issues?: string[] })
      .filter((l) => l.level === 'warn')
      .flatMap((l) => l.issues ?? []);
    expect(issues).toHaveLength(3);
    expect(issues[0]).toContain('"nl-NL"');
    expect(issues[1]!.length).toBeLessThanOrEqual(200);
    expect(issues[1]).toMatch(/^locale "xyyy+…$/);
    expect(issues[2]).toContain('"pl"');
  });
});
