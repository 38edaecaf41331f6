// Debian's Chromium where it is installed (CI, our machines), its headless shell first: the same
// Blink without the browser's own interface (its WebUI renderers, on-device model service), which is
// what Playwright runs headless with its own browsers too. Half the CPU of the full browser for the
// same journeys (53 against 108 CPU-s for three specs). CHROMIUM_PATH names another; none found:
// Playwright's own browser. The end-to-end suite and the benchmarks launch this one.
import { existsSync } from 'node:fs';

export const chromiumPath = (): string | undefined =>
  process.env.CHROMIUM_PATH ??
  ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path));
