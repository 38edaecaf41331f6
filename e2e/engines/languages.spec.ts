// The browser's language, as shoppers' browsers send it: the checkout and its price in the best
// language the checkout speaks (a region falls back to its language, anything else to English),
// never the set-up error: in the first paint (the server's page, kept by turning the page's scripts
// off) and once the scripts have run. WebKit takes its language from the system's locale ("C" where
// none is set, as on many servers and CI machines); Firefox from its language setting (a raw value
// such as "en_US", which some clients send, goes in the Accept-Language header alone). On a laptop's
// screen: what a phone shows first is the other specs' (first-screen, phone-buy).
import { GB_BUY_PREFILL } from '../support/data';
import { by, expect, test } from '../support/shopper/fixtures';
import { de } from '../../src/ui/i18n/de';
import { en } from '../../src/ui/i18n/en';
import { pt } from '../../src/ui/i18n/pt';

const LANGUAGES = [
  ['nl-NL', en],
  ['pl-PL', en],
  ['pt-BR', pt],
  ['de-AT', de],
  ['en_US', en],
  ['C', en],
] as const;

const { walletAddress: _, ...prefill } = GB_BUY_PREFILL;
const LINK = `/?${new URLSearchParams(prefill)}`;

test('in nl-NL, pl-PL, pt-BR, de-AT, en_US and C the first paint and the page show the price in the best language', async ({
  shopperIn,
}) => {
  for (const [language, words] of LANGUAGES) {
    for (const scripts of [false, true]) {
      const at = `${language}, ${scripts ? 'once the scripts ran' : 'first paint'}`;
      const shopper = await shopperIn(language, { scripts });
      await shopper.open(LINK, { width: 1280, height: 800 });
      const widget = by.role('region', words['name.widget'], { exact: true });
      expect.soft(await shopper.seen(), `${at}: no set-up error`).not.toContain(en['options.invalid']);
      const title = by.role('heading', words['order.titleBuy'], { exact: true, within: widget });
      expect.soft(await shopper.count(title), `${at}: the title in its language`).toBe(1);
      const price = by.css('[elementtiming="rc-price"]', { within: widget, nth: 0 });
      expect.soft(await shopper.viewWithin(price, scripts ? 5_000 : 0), `${at}: the price`).toEqual([]);
    }
  }
});
