// A shopper at a browser window, in any engine: finds what they see by role and accessible name
// (or visible text), taps it, types, presses keys, reads what the screen shows, follows a popup.
// Every journey of the engine lanes is written once against this; the engines differ only in their
// adapters (./webkit.ts, ./firefox.ts). The page side is ./page-kit.ts, bundled once per worker and
// installed in each page on the first look at it.
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import type { ViewChecks } from '../visible';
import type { EngineWindow } from './driver';
import type { Kit } from './page-kit';
import { KIT_GLOBAL, type Focus, type Query, type Text } from './query';

export type Named = string | RegExp;
export type { Query };

interface Placement {
  within?: Query;
  nth?: number;
}

const text = (n: Named): Text => (typeof n === 'string' ? n : { source: n.source, flags: n.flags });

/** How a shopper tells a control apart: by its role and name, by its text, by a contract's selector. */
export const by = {
  role: (role: string, name?: Named, o: Placement & { exact?: boolean; level?: number } = {}): Query => ({
    role,
    ...(name === undefined ? {} : { name: text(name) }),
    ...o,
  }),
  text: (t: Named, o: Placement & { exact?: boolean } = {}): Query => ({ text: text(t), ...o }),
  css: (css: string, o: Placement = {}): Query => ({ css, ...o }),
};

let kitSource: string | undefined;
/** The page kit as one script, bundled on first use in each worker (esbuild, some 30 ms). */
function kit(): string {
  kitSource ??= buildSync({
    entryPoints: [join(import.meta.dirname, 'page-kit.ts')],
    bundle: true,
    format: 'iife',
    target: 'es2022',
    minify: true,
    write: false,
    logLevel: 'silent',
  }).outputFiles[0]!.text;
  return kitSource;
}

/** Runs a kit call in the page, the kit installed first where the page has none yet. */
const CALL = (install: string) => `${install}
const [name, args] = JSON.parse(arguments[0]);
const kit = window[${JSON.stringify(KIT_GLOBAL)}];
if (!kit) return JSON.stringify({ missing: true });
const failed = (e) => JSON.stringify({ error: String((e && e.message) || e) });
try { return Promise.resolve(kit[name](...args)).then((value) => JSON.stringify({ value }), failed); }
catch (e) { return failed(e); }`;

/** WebDriver's codes of the keys a shopper presses here. */
const KEYS = { Tab: '\uE004', Backspace: '\uE003', End: '\uE010' } as const;

/** Polls `probe` until it gives a value (not undefined), for at most `timeoutMs`. */
async function until<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs = 10_000,
  why?: () => string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (let pause = 20; ; pause = Math.min(pause * 2, 250)) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline)
      throw new Error(`${what}: not within ${timeoutMs} ms${why ? `\n${why()}` : ''}`);
    await new Promise((r) => setTimeout(r, pause));
  }
}

/** What a shopper did, in order, timed from their first look (printed when a test fails). */
export interface Trail {
  since: number;
  lines: string[];
}

export class Shopper {
  constructor(
    private readonly window: EngineWindow,
    private readonly baseURL: string,
    readonly trail: Trail = { since: performance.now(), lines: [] },
  ) {}

  private did(what: string): void {
    this.trail.lines.push(`${((performance.now() - this.trail.since) / 1000).toFixed(2)} s  ${what}`);
  }

  private async call<K extends keyof Kit>(
    name: K,
    ...args: Parameters<Kit[K]>
  ): Promise<Awaited<ReturnType<Kit[K]>>> {
    const arg = JSON.stringify([name, args]);
    // A page on its way out (a link followed, a form sent) may not answer: asked again, briefly.
    let failure = '';
    const answer = await until(
      `the page to answer ${name}`,
      async () => {
        try {
          const first = JSON.parse(await this.window.run(CALL(''), arg)) as Answer;
          return first.missing ? (JSON.parse(await this.window.run(CALL(kit()), arg)) as Answer) : first;
        } catch (error) {
          failure = String(error);
          return undefined;
        }
      },
      15_000,
      () => failure,
    );
    if (answer.error !== undefined) throw new Error(answer.error);
    return answer.value as Awaited<ReturnType<Kit[K]>>;
  }

  /** Reads what may not be on the page (yet): null when it is not. */
  private async read<K extends 'value' | 'text' | 'name'>(
    name: K,
    q: Query,
  ): Promise<Awaited<ReturnType<Kit[K]>> | null> {
    try {
      return await (this.call as (name: K, q: Query) => Promise<Awaited<ReturnType<Kit[K]>>>)(name, q);
    } catch (error) {
      if (/^nothing on the page is /.test((error as Error).message)) return null;
      throw error;
    }
  }

  /** Opens the page (a path on the checkout's server, or a URL) at the viewport's size. */
  async open(path: string, viewport?: { width: number; height: number }): Promise<void> {
    if (viewport) await this.window.setViewport(viewport.width, viewport.height);
    const url = new URL(path, this.baseURL).href;
    this.did(`open ${url}${viewport ? ` at ${viewport.width}×${viewport.height}` : ''}`);
    await this.window.navigate(url);
  }

  async setViewport(width: number, height: number): Promise<void> {
    this.did(`viewport ${width}×${height}`);
    await this.window.setViewport(width, height);
  }

  /** Taps the middle of the control (of its label, where that draws it), scrolled to first if needed. */
  async tap(q: Query): Promise<void> {
    let problem = '';
    const point = await until(
      `tapping ${await this.call('describe', q)}`,
      async () => {
        const p = await this.call('tapPoint', q).catch((e: Error) => ({ problem: e.message }));
        if ('x' in p) return p;
        problem = p.problem;
        return undefined;
      },
      10_000,
      () => problem,
    );
    this.did(`tap ${await this.call('describe', q)} at ${Math.round(point.x)},${Math.round(point.y)}`);
    await this.window.perform([
      {
        type: 'pointer',
        id: 'mouse',
        parameters: { pointerType: 'mouse' },
        actions: [
          {
            type: 'pointerMove',
            x: Math.round(point.x),
            y: Math.round(point.y),
            origin: 'viewport',
            duration: 0,
          },
          { type: 'pointerDown', button: 0 },
          { type: 'pointerUp', button: 0 },
        ],
      },
    ]);
  }

  /** Types the text, key by key, where focus is. */
  async type(chars: string): Promise<void> {
    this.did(`type ${JSON.stringify(chars)}`);
    await this.window.perform([
      {
        type: 'key',
        id: 'keyboard',
        actions: [...chars].flatMap((value) => [
          { type: 'keyDown' as const, value },
          { type: 'keyUp' as const, value },
        ]),
      },
    ]);
  }

  async press(key: keyof typeof KEYS, times = 1): Promise<void> {
    await this.type(KEYS[key].repeat(times));
  }

  /** How many controls match (0 while there are none yet). */
  count(q: Query): Promise<number> {
    return this.call('count', q);
  }
  value(q: Query): Promise<string | null> {
    return this.read('value', q);
  }
  text(q: Query): Promise<string | null> {
    return this.read('text', q);
  }
  name(q: Query): Promise<string | null> {
    return this.read('name', q);
  }
  attribute(q: Query, name: string): Promise<string | null> {
    return this.call('attribute', q, name).catch(() => null);
  }
  /** What has focus, the element drawing its ring, and what keeps that from view. */
  focus(): Promise<Focus> {
    return this.call('focus');
  }
  /** Why a shopper would not see the control whole (e2e/support/visible.ts); empty when they do. */
  async view(q: Query, checks?: ViewChecks): Promise<string[]> {
    try {
      return await this.call('view', q, checks);
    } catch (error) {
      return [(error as Error).message];
    }
  }
  /** `view` once it is clean, or as it still is after `timeoutMs` (what comes late: quotes). */
  async viewWithin(q: Query, timeoutMs: number): Promise<string[]> {
    let problems: string[] = [];
    await until('', async () => ((problems = await this.view(q)).length ? undefined : true), timeoutMs).catch(
      () => undefined,
    );
    return problems;
  }

  /** Waits until the control is there. */
  async waitFor(q: Query, timeoutMs = 20_000): Promise<void> {
    await until(
      `${await this.call('describe', q)} to show`,
      async () => ((await this.count(q)) > 0 ? true : undefined),
      timeoutMs,
    );
  }

  /** Taps the control and returns the shopper at the window it opens. */
  async tapForPopup(q: Query): Promise<Shopper> {
    const before = (await this.window.opened()).length;
    await this.tap(q);
    const popup = await until('a new window', async () => (await this.window.opened())[before]);
    this.did('a new window opened');
    return new Shopper(popup, this.baseURL, this.trail);
  }

  /** Closes this window (a popup). */
  close(): Promise<void> {
    this.did('close the window');
    return this.window.close();
  }

  /** The page as its server sends it to this browser (its headers), parsed: before any script runs. */
  served(): Promise<{ lang: string; title: string; price: string; text: string }> {
    return this.call('served');
  }

  /** The page's address now. */
  location(): Promise<string> {
    return this.call('location');
  }

  /** Errors the page logged (since the kit was installed) and the engine reported, in this window and its popups. */
  async errors(): Promise<string[]> {
    const windows = [this.window, ...(await this.window.opened())];
    const inPage = await Promise.all(
      windows.map((w) => new Shopper(w, this.baseURL).call('errors').catch(() => [] as string[])),
    );
    return [...inPage.flat(), ...windows.flatMap((w) => w.engineErrors())];
  }

  /** What each open window shows, as text: printed when a test fails. */
  async seen(): Promise<string> {
    const windows = [this.window, ...(await this.window.opened())];
    const views = await Promise.all(
      windows.map(async (w, i) => {
        const at = new Shopper(w, this.baseURL);
        try {
          return `${i ? 'popup' : 'window'} at ${await at.location()}:\n${await at.call('seen')}`;
        } catch (error) {
          return `${i ? 'popup' : 'window'}: unreadable (${(error as Error).message})`;
        }
      }),
    );
    return views.join('\n\n');
  }
}

interface Answer {
  missing?: true;
  value?: unknown;
  error?: string;
}
