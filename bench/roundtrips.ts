// Round trips from page load to the first quotes on screen. The production host server runs with
// 100 ms injected on every upstream call; headless Chromium opens the hosted page prefilled and locked
// up to the amount, so nothing waits on the shopper, and every /api/ramp request is timed by the
// browser. A request that starts after another has ended is a further round trip on the chain; those
// in flight together count once. The goal is two: bootstrap, then quote.
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import type { Browser, Request } from '@playwright/test';
import { chromiumPath } from '../e2e/support/chromium';
import { startHostServer } from './host';
import type { HostServer } from './host';
import { withTimeout } from './net';

export const INJECTED_LATENCY_MS = 100;

/** Everything up to the amount is given and locked; the wallet is left to the shopper. */
export const PREFILLED_QUERY = new URLSearchParams({
  direction: 'buy',
  directions: 'buy',
  country: 'US',
  subdivision: 'US-CA',
  fiatCurrency: 'USD',
  cryptoCurrency: 'BTC',
  network: 'BITCOIN',
  paymentMethod: 'CREDIT_DEBIT_CARD',
  amount: '100',
  lock: 'direction,country,subdivision,fiatCurrency,cryptoCurrency,network,paymentMethod,amount',
  locale: 'en',
}).toString();

export const LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface TimedRequest {
  /** Short name: bootstrap, quote, routes, currencies… */
  name: string;
  method: string;
  path: string;
  /** HTTP status; 'in flight' if it never ended (bounded wait). */
  status: number | 'failed' | 'in flight';
  /** ms since navigation start. */
  start: number;
  end: number;
  /** Position on the longest chain of requests that ends at it (1 = started with nothing before it). */
  depth: number;
}

export interface PageLoadRun {
  label: string;
  /** Round trips on the chain that delivered the first quotes. */
  roundTrips: number;
  /** The chain, level by level, e.g. "bootstrap → quote + routes". */
  chain: string;
  /** Requests that ended before the quotes appeared but are not on the delivering quote's chain. */
  offChain: TimedRequest[];
  /** Navigation start → first quote radio in the DOM (ms). */
  firstQuotesMs: number;
  /** Where the time to first quotes was taken: in the page (exact) or by polling from outside. */
  clock: 'page' | 'poll';
  /** Every /api/ramp request that started before the quotes appeared. */
  requests: TimedRequest[];
}

export interface RoundTripBench {
  latencyMs: number;
  url: string;
  runs: PageLoadRun[];
  /** The amount retyped on the order screen (not locked) → the best offer priced for it (ms). */
  repricedMs: number;
}

/** The same checkout with the amount left to the shopper, for the price after typing. */
const TYPING_QUERY = (() => {
  const q = new URLSearchParams(PREFILLED_QUERY);
  q.set('lock', (q.get('lock') ?? '').replace(/,?amount/, ''));
  return q.toString();
})();

// Runs in the page (a string: nothing of the bundler's helpers is there): notes when the amount
// becomes "250" and when an offer is first named with "$250.00", on the page's clock.
const OBSERVE_REPRICE = `(() => {
  document.addEventListener('input', (e) => {
    if (e.target && e.target.value === '250') window.__benchTypedAt = performance.now();
  }, { capture: true });
  const repriced = () => [...document.querySelectorAll('[role="radiogroup"] input[type="radio"], [role="radio"]')]
    .some((r) => (r.getAttribute('aria-label') || '').includes('$250.00'));
  const observer = new MutationObserver(() => {
    if (window.__benchTypedAt !== undefined && window.__benchRepricedAt === undefined && repriced()) {
      window.__benchRepricedAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true });
})();`;

/**
 * Types a new amount once the first price is on screen and times, on the page's clock, the input
 * event → the first offer named with the new amount ("…for $250.00"). The quote's debounce (the
 * pause that waits for typing to stop) is part of it, as a shopper feels it.
 */
async function typeOnce(browser: Browser, origin: string): Promise<number> {
  const context = await browser.newContext({ locale: 'en-US' });
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/?${TYPING_QUERY}`);
    const radio = page.getByRole('radiogroup', { name: 'Quotes' }).getByRole('radio').first();
    await radio.waitFor({ state: 'attached', timeout: 30_000 });
    const amount = page.getByRole('textbox', { name: 'Amount' });
    await amount.fill('');
    await page.evaluate(OBSERVE_REPRICE);
    await amount.fill('250');
    await page
      .getByRole('radiogroup', { name: 'Quotes' })
      .getByRole('radio', { name: /\$250\.00/ })
      .first()
      .waitFor({ state: 'attached', timeout: 30_000 });
    const [typed, repriced] = await page.evaluate(() => {
      const w = window as Window & { __benchTypedAt?: number; __benchRepricedAt?: number };
      return [w.__benchTypedAt, w.__benchRepricedAt];
    });
    if (typed === undefined || repriced === undefined) throw new Error('the retyped amount was not timed');
    return repriced - typed;
  } finally {
    await context.close();
  }
}

const API = '/api/ramp';

function shortName(method: string, path: string): string {
  const p = path.slice(API.length);
  if (p.startsWith('/bootstrap')) return 'bootstrap';
  if (p.startsWith('/payments/crypto/quote')) return 'quote';
  if (p.startsWith('/crypto/session')) return 'session';
  const discovery = /^\/network-partner\/(?:supported\/)?([a-z-]+)/.exec(p)?.[1];
  if (discovery) return discovery.replace('-', ' ');
  return `${method} ${p}`;
}

/** Each request's depth: 1 + the deepest request that had ended before it started. */
export function chainDepths<T extends { start: number; end: number }>(reqs: T[]): (T & { depth: number })[] {
  const sorted = [...reqs].sort((a, b) => a.start - b.start);
  const out: (T & { depth: number })[] = [];
  for (const r of sorted) {
    const before = out.filter((o) => o.end <= r.start);
    out.push({ ...r, depth: 1 + Math.max(0, ...before.map((o) => o.depth)) });
  }
  return out;
}

/**
 * "bootstrap 58 ms + quote 155 ms → routes 138 ms": the requests at each depth up to `depth`, in start
 * order, each with how long it took; "(after the quotes)" marks one that ended after they appeared.
 */
export function describeChain(reqs: TimedRequest[], depth: number, firstQuotesAt = Infinity): string {
  const levels: string[] = [];
  for (let d = 1; d <= depth; d++) {
    const level = reqs.filter((r) => r.depth === d);
    const names = [...new Set(level.map((r) => r.name))];
    const parts = names.map((name) => {
      const same = level.filter((r) => r.name === name);
      const took = Math.max(...same.map((r) => r.end - r.start));
      const late = same.some((r) => r.end > firstQuotesAt) ? ' (after the quotes)' : '';
      return `${name}${same.length > 1 ? ` ×${same.length}` : ''} ${Math.round(took)} ms${late}`;
    });
    levels.push(parts.join(' + ') || '(none)');
  }
  return levels.join(' → ');
}

// Runs in the page before its own scripts: notes when a radio first appears in a radiogroup named
// "Quotes", on the page's own clock (ms since navigation start).
const OBSERVE_QUOTES = `(() => {
  const nameOf = (el) => {
    const label = el.getAttribute('aria-label');
    if (label) return label.trim();
    const ids = (el.getAttribute('aria-labelledby') || '').split(/\\s+/).filter(Boolean);
    return ids.map((id) => (document.getElementById(id)?.textContent || '')).join(' ').trim();
  };
  const seen = () => [...document.querySelectorAll('[role="radiogroup"]')].some(
    (g) => nameOf(g) === 'Quotes' && g.querySelector('input[type="radio"], [role="radio"]'),
  );
  const observer = new MutationObserver(() => {
    if (window.__benchQuotesAt === undefined && seen()) {
      window.__benchQuotesAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true });
})();`;

interface Seen {
  wallStart: number;
  wallEnd?: number;
  /** HTTP status, null when the request failed, undefined while in flight. */
  status?: number | null;
  done: Promise<void>;
}

async function loadOnce(browser: Browser, origin: string, label: string): Promise<PageLoadRun> {
  const context = await browser.newContext({ locale: 'en-US' });
  try {
    const page = await context.newPage();
    await page.addInitScript(OBSERVE_QUOTES);
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));

    const seen = new Map<Request, Seen>();
    const settle = new Map<Request, () => void>();
    page.on('request', (r) => {
      if (!new URL(r.url()).pathname.startsWith(API)) return;
      const done = new Promise<void>((resolve) => settle.set(r, resolve));
      seen.set(r, { wallStart: Date.now(), done });
    });
    const finish = async (r: Request, failed: boolean) => {
      const entry = seen.get(r);
      if (!entry) return;
      entry.wallEnd = Date.now();
      entry.status = failed ? null : ((await r.response().catch(() => null))?.status() ?? null);
      settle.get(r)?.();
    };
    page.on('requestfinished', (r) => void finish(r, false));
    page.on('requestfailed', (r) => void finish(r, true));

    await page.goto(`${origin}/?${PREFILLED_QUERY}`, { waitUntil: 'commit' });
    const radio = page.getByRole('radiogroup', { name: 'Quotes' }).getByRole('radio').first();
    try {
      await radio.waitFor({ state: 'attached', timeout: 30_000 });
    } catch {
      const alerts = await page
        .getByRole('alert')
        .allTextContents()
        .catch(() => []);
      const calls = [...seen.keys()].map((r) => `${r.method()} ${new URL(r.url()).pathname}`);
      throw new Error(
        [
          'no quotes on screen within 30 s',
          `requests: ${calls.join(', ') || 'none'}`,
          ...alerts.map((a) => `alert: ${a}`),
          ...problems.slice(0, 5),
        ].join('\n  '),
      );
    }
    const polledAt = Date.now();
    const navStart = await page.evaluate(() => performance.timeOrigin);
    const inPage = await page.evaluate(
      () => (window as Window & { __benchQuotesAt?: number }).__benchQuotesAt,
    );
    const firstQuotesAt = inPage ?? polledAt - navStart;
    // Requests still in flight when the quotes appeared are timed to their end (bounded).
    await withTimeout(Promise.all([...seen.values()].map((w) => w.done)), 10_000, 'requests in flight').catch(
      () => {},
    );

    const timed: Omit<TimedRequest, 'depth'>[] = [];
    for (const [r, w] of seen) {
      const t = r.timing();
      const path = new URL(r.url()).pathname;
      // The browser's own timing when it has it; the wall clock around the events otherwise.
      const start = t.startTime > 0 ? t.startTime - navStart : w.wallStart - navStart;
      const end = t.responseEnd >= 0 ? start + t.responseEnd : (w.wallEnd ?? Date.now()) - navStart;
      if (start > firstQuotesAt) continue;
      timed.push({
        name: shortName(r.method(), path),
        method: r.method(),
        path,
        status: w.status === undefined ? 'in flight' : (w.status ?? 'failed'),
        start,
        end,
      });
    }
    const requests = chainDepths(timed);
    // The quote whose answer put the radios on screen: the last successful one to end before them.
    const delivered = requests
      .filter((r) => r.name === 'quote' && r.status === 200 && r.end <= firstQuotesAt + 1)
      .sort((a, b) => b.end - a.end)[0];
    const roundTrips = delivered?.depth ?? Math.max(0, ...requests.map((r) => r.depth));
    const offChain = requests.filter((r) => r.depth > roundTrips && r.end <= firstQuotesAt);
    return {
      label,
      roundTrips,
      chain: describeChain(requests, roundTrips, firstQuotesAt),
      offChain,
      firstQuotesMs: firstQuotesAt,
      clock: inPage === undefined ? 'poll' : 'page',
      requests,
    };
  } finally {
    await context.close();
  }
}

export async function runRoundTripBench(): Promise<RoundTripBench> {
  if (!existsSync('dist/hosted/index.html')) {
    throw new Error('dist/hosted/index.html is missing: the hosted page is not built');
  }
  let server: HostServer | undefined;
  let browser: Browser | undefined;
  try {
    server = await startHostServer({
      RAMP_SANDBOX_CONTROL: '1',
      RAMP_RATE_LIMIT_QUOTE: '6000/600',
    });
    const { origin } = server;
    const faults = await fetch(`${origin}/__sandbox/faults`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rules: [{ kind: 'latency', latencyMs: INJECTED_LATENCY_MS }] }),
    });
    if (faults.status !== 204) throw new Error(`PUT /__sandbox/faults answered ${faults.status}`);

    browser = await withTimeout(
      chromium.launch({ executablePath: chromiumPath(), args: LAUNCH_ARGS }),
      30_000,
      'launching Chromium',
    );
    const b = browser;
    // First visit: the server's discovery cache is cold. Second: a new browser context (nothing cached
    // in the browser) against the now-warm server cache.
    const runs = [
      await withTimeout(
        loadOnce(b, origin, 'first visit (server cache cold)'),
        45_000,
        'the first page load',
      ),
      await withTimeout(
        loadOnce(b, origin, 'next visit (server cache warm)'),
        45_000,
        'the second page load',
      ),
    ];
    const repricedMs = await withTimeout(typeOnce(b, origin), 45_000, 'retyping the amount');
    return { latencyMs: INJECTED_LATENCY_MS, url: `/?${PREFILLED_QUERY}`, runs, repricedMs };
  } catch (e) {
    const tail = server?.tail();
    if (e instanceof Error && tail) e.message += `\n  host server output (last lines):\n${indent(tail)}`;
    throw e;
  } finally {
    await browser?.close().catch(() => {});
    await server?.stop();
  }
}

const indent = (text: string) =>
  text
    .split('\n')
    .slice(-10)
    .map((l) => `    ${l.slice(0, 300)}`)
    .join('\n');
