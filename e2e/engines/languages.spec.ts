// The browser's language, as shoppers' browsers send it: the checkout and its price in the best
// language the checkout speaks (a region falls back to its language, anything else to English),
// never the set-up error: in the page its server sends this browser (what is painted before any
// script runs) and once the page's scripts have run. WebKit takes its language from the system's
// locale ("C" where none is set, as on many servers and CI machines); Firefox from its language
// setting (a raw value such as "en_US", which some clients send, goes in the Accept-Language header
// alone). In the browser's own window size: what a phone shows first is first-screen.spec.ts's.
import { GB_BUY_PREFILL } from '../support/data';
import { by, expect, test } from '../support/shopper/fixtures';
import { de } from '../../src/ui/i18n/de';
import { en } from '../../src/ui/i18n/en';
import { pt } from '../../src/ui/i18n/pt';

const LANGUAGES = [
  ['nl-NL', 'en', en],
  ['pl-PL', 'en', en],
  ['pt-BR', 'pt', pt],
  ['de-AT', 'de', de],
  ['en_US', 'en', en],
  ['C', 'en', en],
] as const;

const { walletAddress: _, ...prefill } = GB_BUY_PREFILL;
const LINK = `/?${new URLSearchParams(prefill)}`;

test('in nl-NL, pl-PL, pt-BR, de-AT, en_US and C the page and its first paint show the price in the best language', async ({
  shopperIn,
}) => {
  for (const [language, lang, words] of LANGUAGES) {
    const shopper = await shopperIn(language);
    await shopper.open(LINK);
    // Before any script: the page as the server sends it to this browser.
    const served = await shopper.served();
    expect
      .soft(served.text, `${language}, first paint: no set-up error`)
      .not.toContain(en['options.invalid']);
    expect.soft(served.lang, `${language}, first paint: its language`).toBe(lang);
    expect.soft(served.title, `${language}, first paint: its title`).toBe(words['order.titleBuy']);
    expect.soft(served.price, `${language}, first paint: a price`).toMatch(/\d/);
    // Once the scripts have run.
    const widget = by.role('region', words['name.widget'], { exact: true });
    expect.soft(await shopper.seen(), `${language}: no set-up error`).not.toContain(en['options.invalid']);
    const title = by.role('heading', words['order.titleBuy'], { exact: true, within: widget });
    expect.soft(await shopper.count(title), `${language}: the title in its language`).toBe(1);
    const price = by.css('[elementtiming="rc-price"]', { within: widget, nth: 0 });
    expect.soft(await shopper.viewWithin(price, 5_000), `${language}: the price, seen`).toEqual([]);
  }
});
