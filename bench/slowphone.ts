// The hosted page on a slow phone: Chromium throttled as a mid-range phone on a slow mobile network
// (150 ms round trip, 1.6 Mbps down, 750 kbps up, CPU 4× slower, through CDP), a cold browser cache
// each time, the production host server (`node dist/server/main.js`, sandbox upstream) and the best
// prefill (country, currencies, network, method and amount in the URL). Per load: navigation start →
// the first offer on screen (the price), and the bytes that crossed the wire before it (headers and
// bodies as received, compressed or not: Chromium's encodedDataLength).
import type { Browser, CDPSession } from '@playwright/test';
import { chromium } from '@playwright/test';
import { startHostServer } from './host';
import type { HostServer } from './host';
import { withTimeout } from './net';
import { chromiumPath } from '../e2e/support/chromium';
import { LAUNCH_ARGS, PREFILLED_QUERY } from './roundtrips';

export const SLOW_PHONE = {
  latencyMs: 150,
  downloadKbps: 1600,
  uploadKbps: 750,
  cpuSlowdown: 4,
} as const;
export const PRICE_GOAL_MS = 1500;
export const BYTES_GOAL = 150 * 1024;
const LOADS = 5;

export interface SlowPhoneLoad {
  /** Navigation start → the frame that renders the first offer (ms, page clock). */
  priceMs: number;
  /** Bytes received before the price (all requests, headers included). */
  bytes: number;
  /** Of which JavaScript and CSS. */
  assetBytes: number;
  requests: number;
  /** Whether each script and stylesheet came compressed (Content-Encoding br or gzip). */
  compressed: boolean;
}

export interface SlowPhoneBench {
  url: string;
  loads: SlowPhoneLoad[];
  medianPriceMs: number;
  medianBytes: number;
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

// Runs in the page before its scripts: when a radio first appears in a radiogroup named "Quotes" (in
// the HTML itself, or rendered by the scripts), the frame that renders it: the time of that frame's
// animation callbacks, after which it is laid out and painted. (The best offer is below the fold of a
// 375×667 screen, so the browser's Element Timing, which the offers' figures carry as "rc-price", reports
// it only once scrolled to.) window.__benchPrice resolves with that moment. The bench waits on it
// rather than on a locator: Playwright's role queries, polled in the page, took about 0.1 s of its main
// thread at 4× CPU.
const OBSERVE_PRICE = `(() => {
  let priced;
  window.__benchPrice = new Promise((resolve) => (priced = resolve));
  const named = (g) => (g.getAttribute('aria-label') || (g.getAttribute('aria-labelledby') || '').split(/\\s+/)
    .map((id) => document.getElementById(id)?.textContent || '').join(' ')).trim() === 'Quotes';
  const observer = new MutationObserver(() => {
    const shown = [...document.querySelectorAll('[role="radiogroup"]')]
      .some((g) => named(g) && g.querySelector('input[type="radio"], [role="radio"]'));
    if (!shown) return;
    observer.disconnect();
    requestAnimationFrame((frame) => { window.__benchPriceAt = frame; priced(); });
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true });
})();`;

interface Traffic {
  type?: string;
  encoding?: string;
  /** CDP monotonic seconds. */
  finishedAt?: number;
  total?: number;
  /** Chunks received while in flight: [monotonic s, bytes]. */
  chunks: [number, number][];
  headerBytes: number;
  headersAt?: number;
}

async function loadOnce(browser: Browser, origin: string): Promise<SlowPhoneLoad> {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 375, height: 667 } });
  try {
    const page = await context.newPage();
    const cdp: CDPSession = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: SLOW_PHONE.latencyMs,
      downloadThroughput: (SLOW_PHONE.downloadKbps * 1000) / 8,
      uploadThroughput: (SLOW_PHONE.uploadKbps * 1000) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_PHONE.cpuSlowdown });

    const traffic = new Map<string, Traffic>();
    let clock: { monotonic: number; wall: number } | undefined; // the document request's two clocks
    const entry = (id: string) => {
      let t = traffic.get(id);
      if (!t) traffic.set(id, (t = { chunks: [], headerBytes: 0 }));
      return t;
    };
    cdp.on('Network.requestWillBeSent', (e) => {
      clock ??= { monotonic: e.timestamp, wall: e.wallTime };
      entry(e.requestId).type = e.type;
    });
    cdp.on('Network.responseReceived', (e) => {
      const t = entry(e.requestId);
      const h = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
      t.encoding = h['content-encoding'];
      t.headerBytes = e.response.encodedDataLength;
      t.headersAt = e.timestamp;
    });
    cdp.on('Network.dataReceived', (e) => entry(e.requestId).chunks.push([e.timestamp, e.encodedDataLength]));
    cdp.on('Network.loadingFinished', (e) => {
      const t = entry(e.requestId);
      t.finishedAt = e.timestamp;
      t.total = e.encodedDataLength;
    });

    await page.addInitScript(OBSERVE_PRICE);
    await page.goto(`${origin}/?${PREFILLED_QUERY}`, { waitUntil: 'commit' });
    await withTimeout(page.evaluate('window.__benchPrice'), 30_000, 'the price');
    const [priceMs, timeOrigin] = await page.evaluate(() => [
      (window as Window & { __benchPriceAt?: number }).__benchPriceAt ?? Number.NaN,
      performance.timeOrigin,
    ]);
    if (!clock) throw new Error('no request was seen');
    // The price on CDP's monotonic clock, through the document request's wall time.
    const priceAt = clock.monotonic + (timeOrigin + priceMs) / 1000 - clock.wall;
    let bytes = 0;
    let assetBytes = 0;
    let requests = 0;
    let compressed = true;
    for (const t of traffic.values()) {
      const before =
        t.finishedAt !== undefined && t.finishedAt <= priceAt
          ? (t.total ?? 0)
          : (t.headersAt !== undefined && t.headersAt <= priceAt ? t.headerBytes : 0) +
            t.chunks.filter(([at]) => at <= priceAt).reduce((n, [, b]) => n + b, 0);
      if (before === 0) continue;
      requests++;
      bytes += before;
      if (t.type === 'Script' || t.type === 'Stylesheet') {
        assetBytes += before;
        if (t.encoding !== 'br' && t.encoding !== 'gzip') compressed = false;
      }
    }
    return { priceMs, bytes, assetBytes, requests, compressed };
  } finally {
    await context.close();
  }
}

export async function runSlowPhoneBench(): Promise<SlowPhoneBench> {
  let server: HostServer | undefined;
  let browser: Browser | undefined;
  try {
    server = await startHostServer({ RAMP_RATE_LIMIT_QUOTE: '6000/600' });
    browser = await withTimeout(
      chromium.launch({ executablePath: chromiumPath(), args: LAUNCH_ARGS }),
      30_000,
      'launching Chromium',
    );
    // A first load warms the server's discovery cache (the figure is a returning server's, not a cold start).
    await withTimeout(loadOnce(browser, server.origin), 45_000, 'the warm-up load');
    const loads: SlowPhoneLoad[] = [];
    for (let i = 0; i < LOADS; i++) {
      loads.push(await withTimeout(loadOnce(browser, server.origin), 45_000, `slow-phone load ${i + 1}`));
    }
    return {
      url: `/?${PREFILLED_QUERY}`,
      loads,
      medianPriceMs: median(loads.map((l) => l.priceMs)),
      medianBytes: median(loads.map((l) => l.bytes)),
    };
  } finally {
    await browser?.close().catch(() => {});
    await server?.stop();
  }
}
