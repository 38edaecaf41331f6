// WebKit, the engine of Safari: Debian's WebKitGTK MiniBrowser driven by its WebKitWebDriver
// (WebDriver classic), on an Xvfb display of its own per test worker, without a window manager.
//  - Focus: with no window manager the window under the X pointer has focus, and WebKit matches
//    `:focus-visible` only in a focused window. The pointer rests in the middle of the screen and
//    never moves (WebDriver's actions are WebKit's own events), so each window is placed with its
//    top left corner just above and left of that middle.
//  - Size: MiniBrowser's toolbar makes its window at least 447 px wide; a GTK stylesheet (through
//    XDG_CONFIG_HOME) shrinks it, and the window is sized so the page's viewport is exactly the size.
//  - Language: WebKitGTK takes the browser's language from the name of the process's LC_CTYPE
//    locale, so each session's MiniBrowser runs under a locale of that name, made in its own
//    LOCPATH from C.UTF-8's character table: nothing to install or compile.
//  - One session per shopper (its own MiniBrowser, nothing stored from another test).
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startChild } from './child';
import type { Engine, EngineWindow, InputSource } from './driver';
import { WebDriverSession } from './webdriver';

/** The screen, and where every window's top left corner goes: a little above and left of its middle. */
const SCREEN = { width: 1280, height: 1024 };
const CORNER = { x: SCREEN.width / 2 - 8, y: SCREEN.height / 2 - 8 };

const GTK_CSS = `/* MiniBrowser's toolbar, as small as GTK draws it: the window may then be as narrow as a phone. */
toolbar, toolbar *, entry, button {
  min-width: 0; min-height: 0; margin: 0; padding: 0; border-width: 0;
  font-size: 1px; -gtk-icon-transform: scale(0.1);
}
`;

/** Debian's MiniBrowser: /usr/lib/<arch>/webkit2gtk-4.1/MiniBrowser (or 4.0). */
function miniBrowser(): string {
  const found =
    process.env.WEBKIT_MINIBROWSER ??
    readdirSync('/usr/lib')
      .filter((arch) => arch.includes('-linux-'))
      .flatMap((arch) => ['4.1', '4.0'].map((v) => `/usr/lib/${arch}/webkit2gtk-${v}/MiniBrowser`))
      .find((file) => existsSync(file));
  if (!found || !existsSync(found))
    throw new Error(
      'WebKit lane: no MiniBrowser (apt-get install webkit2gtk-driver, or set WEBKIT_MINIBROWSER)',
    );
  return found;
}

/** The LC_CTYPE character table every made-up locale borrows (Debian's libc-bin ships it). */
const C_UTF8_CTYPE = ['/usr/lib/locale/C.utf8/LC_CTYPE', '/usr/lib/locale/C.UTF-8/LC_CTYPE'].find((f) =>
  existsSync(f),
);

/** A browser language as the locale a system in that language has: "pt-BR" → "pt_BR.UTF-8", "C" → "C.UTF-8". */
const localeName = (language: string) => `${language.replace('-', '_')}.UTF-8`;

/**
 * WebKit on X display `:port` with WebKitWebDriver on `port`: one number of the run's range per
 * worker. (A display chosen by Xvfb itself, the lowest free one, can be taken by the next worker
 * while the last one's Xvfb is still exiting and removing that display's socket: then MiniBrowser
 * "cannot open display".)
 */
export async function launchWebKit(port: number): Promise<Engine> {
  const dir = mkdtempSync(join(tmpdir(), 'ramp-e2e-webkit-'));
  mkdirSync(join(dir, 'config/gtk-3.0'), { recursive: true });
  writeFileSync(join(dir, 'config/gtk-3.0/gtk.css'), GTK_CSS);
  const locales = join(dir, 'locale');
  const wrapper = join(dir, 'minibrowser.sh');
  writeFileSync(
    wrapper,
    [
      '#!/bin/sh',
      '# MiniBrowser in the language its first argument names (the LC_CTYPE locale)',
      'unset LC_ALL LANGUAGE',
      `LANG=C LC_CTYPE="$1" LOCPATH='${locales}'`,
      'export LANG LC_CTYPE LOCPATH',
      'shift',
      `exec '${miniBrowser()}' "$@"`,
      '',
    ].join('\n'),
    { mode: 0o755 },
  );

  const display = `:${port}`;
  // -noreset: by default an X server resets when its last client leaves, which here is each session's
  // MiniBrowser, and a client connecting during the reset (the next session's) is refused ("cannot
  // open display"): 3 in 2,100 quick reconnects on this machine, 0 in 2,700 with -noreset.
  const xvfb = startChild(
    'Xvfb',
    [
      display,
      '-displayfd',
      '3',
      '-noreset',
      '-screen',
      '0',
      `${SCREEN.width}x${SCREEN.height}x24`,
      '-nolisten',
      'tcp',
    ],
    process.env,
  );
  // It writes the display's number once it takes clients.
  await xvfb.printed(new RegExp(`^${port}\n`, 'm'));
  const env = {
    ...process.env,
    DISPLAY: display,
    XDG_CONFIG_HOME: join(dir, 'config'),
    XDG_CACHE_HOME: join(dir, 'cache'),
    XDG_DATA_HOME: join(dir, 'data'),
  };
  const driver = startChild('WebKitWebDriver', [`--port=${port}`], env);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  while (
    !(await fetch(`${base}/status`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (Date.now() > deadline)
      throw new Error(`WebKitWebDriver did not answer on ${base}:\n${driver.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }

  const sessions = new Set<WebDriverSession>();
  return {
    name: 'webkit',
    async open(language) {
      const locale = localeName(language);
      if (!existsSync(join(locales, locale))) {
        if (!C_UTF8_CTYPE) throw new Error('WebKit lane: no C.UTF-8 locale to borrow a character table from');
        mkdirSync(join(locales, locale), { recursive: true });
        copyFileSync(C_UTF8_CTYPE, join(locales, locale, 'LC_CTYPE'));
      }
      const session = await WebDriverSession.create(base, {
        'webkitgtk:browserOptions': { binary: wrapper, args: [locale, '--automation'] },
        pageLoadStrategy: 'normal',
        // A kit call takes milliseconds: one unanswered in 5 s met a page going away, and is asked again.
        timeouts: { script: 5_000, pageLoad: 30_000, implicit: 0 },
      }).catch((error: Error) => {
        throw new Error(
          `WebKit: no session (${error.message}); the driver said:\n${driver.output().slice(-4000)}\n` +
            `Xvfb ${display} said:\n${xvfb.output().slice(-2000)}`,
        );
      });
      sessions.add(session);
      const main = await session.command<string>('GET', '/window');
      const window = new WebKitWindow(session, main, main, { current: main });
      await session.command('POST', '/window/rect', CORNER);
      return {
        window,
        end: async () => {
          sessions.delete(session);
          await session.end();
        },
      };
    },
    async close() {
      await Promise.allSettled([...sessions].map((s) => s.end()));
      await driver.stop();
      await xvfb.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

class WebKitWindow implements EngineWindow {
  private readonly windows = new Map<string, WebKitWindow>();

  constructor(
    private readonly session: WebDriverSession,
    private readonly handle: string,
    private readonly main: string,
    /** The window WebDriver's commands go to (one per session). */
    private readonly focus: { current: string },
  ) {}

  private async command<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
    if (this.focus.current !== this.handle) {
      await this.session.command('POST', '/window', { handle: this.handle });
      this.focus.current = this.handle;
    }
    return this.session.command<T>(method, path, body);
  }

  async navigate(url: string): Promise<void> {
    await this.command('POST', '/url', { url });
  }

  run(body: string, arg: string): Promise<string> {
    return this.command<string>('POST', '/execute/sync', { script: body, args: [arg] });
  }

  async perform(inputs: InputSource[]): Promise<void> {
    await this.command('POST', '/actions', { actions: inputs });
  }

  async setViewport(width: number, height: number): Promise<void> {
    // The window holds the toolbar above the page: its size is the page's and the toolbar's. A
    // resize reaches the page a little later, so the sizes are read until the page has the size.
    const deadline = Date.now() + 10_000;
    let asked = '';
    for (;;) {
      const [iw, ih, ow, oh] = JSON.parse(
        await this.run('return JSON.stringify([innerWidth, innerHeight, outerWidth, outerHeight])', ''),
      ) as number[];
      if (iw === width && ih === height) return;
      const rect = { ...CORNER, width: width + ow! - iw!, height: height + oh! - ih! };
      if (`${rect.width}×${rect.height}` !== asked) {
        await this.command('POST', '/window/rect', rect);
        asked = `${rect.width}×${rect.height}`;
      }
      if (Date.now() > deadline) throw new Error(`the viewport stayed ${iw}×${ih}, not ${width}×${height}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  async opened(): Promise<EngineWindow[]> {
    const handles = await this.session.command<string[]>('GET', '/window/handles');
    return handles
      .filter((h) => h !== this.main)
      .map((h) => {
        let window = this.windows.get(h);
        if (!window) this.windows.set(h, (window = new WebKitWindow(this.session, h, this.main, this.focus)));
        return window;
      });
  }

  async close(): Promise<void> {
    await this.command('DELETE', '/window');
    await this.session.command('POST', '/window', { handle: this.main });
    this.focus.current = this.main;
  }

  /** WebKitWebDriver has no log endpoint: the page kit records the errors (./page-kit.ts). */
  engineErrors(): string[] {
    return [];
  }
}
