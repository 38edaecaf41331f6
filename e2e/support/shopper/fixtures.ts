// The engine lanes' fixtures (playwright.config.ts: the `webkit` and `firefox` projects): one browser
// per worker, a shopper of their own per test in place of Playwright's `page`. When a test fails,
// what each of its shoppers saw is attached as text (e2e/support/failure-context.ts prints it: CI
// keeps only the log); any error a page logged fails the test.
import { test as base, expect } from '@playwright/test';
import { specPort } from '../../../playwright.config';
import { SHOPPER_SAW } from '../failure-context';
import type { Engine } from './driver';
import { launchFirefox } from './firefox';
import { Shopper } from './shopper';
import { launchWebKit } from './webkit';

export { expect };
export { by } from './shopper';

export const test = base.extend<
  {
    /** The browser's language of `shopper` ("en-US" unless a test says otherwise). */
    language: string;
    shopper: Shopper;
    /** A shopper in a session of their own, in a browser set to `language` (the one before ends). */
    shopperIn: (language: string) => Promise<Shopper>;
  },
  { engineName: Engine['name']; engine: Engine }
>({
  engineName: ['webkit', { scope: 'worker', option: true }],
  engine: [
    async ({ engineName }, provide, worker) => {
      // WebKit's X display and WebKitWebDriver's port: a number of the run's range, one per worker.
      const engine =
        engineName === 'webkit'
          ? await launchWebKit(specPort(20 + worker.parallelIndex))
          : await launchFirefox();
      await provide(engine);
      await engine.close();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  language: ['en-US', { option: true }],
  shopperIn: async ({ engine, baseURL }, provide, testInfo) => {
    // One session at a time (WebKitWebDriver holds one): a new shopper ends the one before.
    let open: { shopper: Shopper; browser: string; failed: number; end: () => Promise<void> } | undefined;
    const errors: string[] = [];
    const end = async () => {
      if (!open) return;
      const { shopper, browser, failed } = open;
      // What it saw, when something failed while it looked.
      if (testInfo.errors.length > failed) {
        const did = shopper.trail.lines.slice(-15).join('\n');
        await testInfo.attach(SHOPPER_SAW, {
          body: `${browser}\n${await shopper.seen()}\n\nwhat they did last:\n${did}`,
        });
      } else errors.push(...(await shopper.errors()));
      await open.end();
      open = undefined;
    };
    await provide(async (language) => {
      await end();
      const session = await engine.open(language);
      const browser = `${engine.name} in ${language}`;
      const shopper = new Shopper(session.window, baseURL!);
      open = { shopper, browser, failed: testInfo.errors.length, end: session.end };
      return open.shopper;
    });
    await end();
    expect(errors, 'errors the pages logged').toEqual([]);
  },
  shopper: async ({ shopperIn, language }, provide) => {
    await provide(await shopperIn(language));
  },
});
