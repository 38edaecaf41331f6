// Firefox: Debian's firefox-esr, headless, over WebDriver BiDi (its own remote agent, no driver in
// between), one browser per test worker and one user context (own storage) per shopper.
//  - The popup blocker is on, as in a shopper's browser (`dom.disable_open_during_load`: automation
//    libraries usually turn it off).
//  - `focusmanager.testmode`: headless, focus and `:focus-visible` behave as in a focused window.
//  - Language: `emulation.setLocaleOverride` for the user context (navigator.language, Intl and the
//    Accept-Language header follow it); a value that is no language tag ("en_US", "C"), which some
//    clients send, goes in the Accept-Language header alone.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BiDi } from './bidi';
import { startChild } from './child';
import type { Engine, EngineWindow, InputSource } from './driver';

const PREFS: Record<string, boolean | number | string> = {
  'dom.disable_open_during_load': true,
  'focusmanager.testmode': true,
  // Scroll bars over the page, as on a phone (and in the WebKit lane): the viewport keeps its width.
  'ui.useOverlayScrollbars': 1,
  // Quiet and small: nothing fetched or shown at start, one content process per site.
  'browser.startup.page': 0,
  'browser.shell.checkDefaultBrowser': false,
  'datareporting.policy.dataSubmissionEnabled': false,
  'toolkit.telemetry.reportingpolicy.firstRun': false,
};

/** A kit call takes milliseconds; one unanswered this long met a page going away, and is asked again. */
const SCRIPT_TIMEOUT_MS = 5_000;

const isLanguageTag = (tag: string) => {
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
};

export async function launchFirefox(): Promise<Engine> {
  const profile = mkdtempSync(join(tmpdir(), 'ramp-e2e-firefox-'));
  writeFileSync(
    join(profile, 'user.js'),
    Object.entries(PREFS)
      .map(([k, v]) => `user_pref(${JSON.stringify(k)}, ${JSON.stringify(v)});\n`)
      .join(''),
  );
  const binary = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
  const firefox = startChild(
    binary,
    ['--headless', '--no-remote', '--profile', profile, '--remote-debugging-port=0', 'about:blank'],
    { ...process.env, MOZ_CRASHREPORTER_DISABLE: '1' },
  );
  const [, url] = await firefox.printed(/WebDriver BiDi listening on (ws:\/\/\S+)/);
  const bidi = await BiDi.connect(`${url}/session`);
  await bidi.send('session.new', { capabilities: { alwaysMatch: { unhandledPromptBehavior: 'dismiss' } } });

  // Who opened which window, and what each window's console and scripts reported as errors.
  const openers = new Map<string, string>();
  const errors = new Map<string, string[]>();
  bidi.on('browsingContext.contextCreated', (p) => {
    if (typeof p.originalOpener === 'string' && p.parent === null)
      openers.set(p.context as string, p.originalOpener);
  });
  bidi.on('browsingContext.contextDestroyed', (p) => openers.delete(p.context as string));
  bidi.on('log.entryAdded', (p) => {
    const context = (p.source as { context?: string }).context;
    if (p.level !== 'error' || !context) return;
    errors.set(context, [...(errors.get(context) ?? []), `${p.type as string}: ${p.text as string}`]);
  });
  await bidi.send('session.subscribe', {
    events: ['browsingContext.contextCreated', 'browsingContext.contextDestroyed', 'log.entryAdded'],
  });

  const windowOf = (context: string): EngineWindow => ({
    async navigate(url) {
      await bidi.send('browsingContext.navigate', { context, url, wait: 'complete' });
    },
    async run(body, arg) {
      const answer = await bidi.send<BiDiResult>(
        'script.callFunction',
        {
          functionDeclaration: `function () {\n${body}\n}`,
          arguments: [{ type: 'string', value: arg }],
          target: { context },
          awaitPromise: true,
          resultOwnership: 'none',
        },
        SCRIPT_TIMEOUT_MS,
      );
      if (answer.type === 'exception') throw new Error(answer.exceptionDetails.text);
      return answer.result.value as string;
    },
    async perform(inputs: InputSource[]) {
      await bidi.send('input.performActions', { context, actions: inputs });
    },
    async setViewport(width, height) {
      await bidi.send('browsingContext.setViewport', { context, viewport: { width, height } });
    },
    async opened() {
      return [...openers].filter(([, opener]) => opener === context).map(([popup]) => windowOf(popup));
    },
    async close() {
      await bidi.send('browsingContext.close', { context });
    },
    engineErrors: () => errors.get(context) ?? [],
  });

  return {
    name: 'firefox',
    async open(language) {
      const { userContext } = await bidi.send<{ userContext: string }>('browser.createUserContext');
      if (isLanguageTag(language)) {
        await bidi.send('emulation.setLocaleOverride', { locale: language, userContexts: [userContext] });
      } else {
        await bidi.send('network.setExtraHeaders', {
          headers: [{ name: 'Accept-Language', value: { type: 'string', value: language } }],
          userContexts: [userContext],
        });
      }
      const { context } = await bidi.send<{ context: string }>('browsingContext.create', {
        type: 'tab',
        userContext,
      });
      return {
        window: windowOf(context),
        end: async () => {
          await bidi.send('browser.removeUserContext', { userContext });
        },
      };
    },
    async close() {
      // Asked to quit, Firefox ends its content processes itself (and counts their time as its own).
      await bidi.send('browser.close').catch(() => undefined);
      await firefox.exit(5_000);
      bidi.close();
      await firefox.stop();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

type BiDiResult =
  | { type: 'success'; result: { type: string; value?: unknown } }
  | { type: 'exception'; exceptionDetails: { text: string } };
