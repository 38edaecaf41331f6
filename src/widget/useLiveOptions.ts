// Props after mount. Each change is validated like the first props (an invalid change is reported
// and the widget keeps what it has), then applied to the running checkout where that can be done
// without starting over: the wallet, direction and amount become the checkout's choices (locked ones
// too: the merchant set them), the languages, messages and theme restyle the view, redirectUrl and launch are read
// when the shopper launches. A wallet is also the prefilled answer (a wallet connected after mount
// spares the shopper the wallet screen), and its lock follows `lock` (the wallet-connect pattern
// locks the wallet once there is one). The others shape the checkout from its first request (the
// api base URL, the lists, the other locks and prefilled codes): a development warning says to
// remount with a new `key` to apply them, the way the embed's `update()` does.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { CheckoutStoreApi, LockableField } from '../checkout';
import { developmentBuild } from '../ui/development';
import type { RampCheckoutOptions, ValidOptions } from './config';
import { OptionsError, readOptions } from './config';
import { optionNamed } from './options';
import type { EventEmitter } from './events';

/** Whether a running checkout takes a new value of `name` in place, or reads it at mount only. */
const after = (name: string) => optionNamed(name)?.after;

/** The options as data (onEvent, a function, is taken from the props as they come). */
const keyOf = (raw: RampCheckoutOptions): string =>
  JSON.stringify(raw ?? {}, (k, v: unknown) => (k === 'onEvent' || after(k) === 'mount' ? undefined : v));

type Checked = { ok: true; options: ValidOptions } | { ok: false; error: OptionsError };

/**
 * What a checkout must start over for, as an entry point's React `key`: the options less those a
 * running checkout takes in place (and less the wallet's lock), so the embed's `update()` and a
 * framing page's updates apply those as the component's props are, keeping the shopper's progress.
 */
export function restartKey(options: RampCheckoutOptions): string {
  const { lock, ...rest } = options ?? {};
  const fixed = Object.entries(rest).filter(([name]) => !after(name));
  return JSON.stringify([fixed, withoutWallet(Array.isArray(lock) ? lock : [])]);
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
/** A lock list less the wallet's lock, which is live; the order of the list does not matter. */
const withoutWallet = (lock: readonly LockableField[]) => lock.filter((f) => f !== 'walletAddress').sort();

/**
 * The options in force: the latest valid props (the first ones while nothing changed), or undefined
 * while the first props are invalid. `mounted`: the checkout made from the first props, if they were valid.
 */
export function useLiveOptions(
  mounted: { options: ValidOptions; store: CheckoutStoreApi } | undefined,
  raw: RampCheckoutOptions,
  defaults: { apiBaseUrl?: string } | undefined,
  emit: EventEmitter['emit'],
): ValidOptions | undefined {
  const key = keyOf(raw);
  const apiBaseUrl = defaults?.apiBaseUrl;
  const checked = useMemo((): Checked => {
    try {
      return { ok: true, options: readOptions(JSON.parse(key), { apiBaseUrl }) };
    } catch (e) {
      return { ok: false, error: e instanceof OptionsError ? e : new OptionsError([String(e)]) };
    }
  }, [key, apiBaseUrl]);

  const applied = useRef(mounted?.options);
  useEffect(() => {
    const prev = applied.current;
    if (!mounted || !prev) return; // invalid at mount: the widget shows why
    if (!checked.ok) {
      console.error(`${checked.error.message}\n(ramp-checkout keeps its current options)`);
      emit({ type: 'error', code: 'INVALID_OPTIONS', message: checked.error.message });
      return;
    }
    const next = checked.options;
    applied.current = next;
    const send = mounted.store.getState().send;
    const walletLock = next.lock.includes('walletAddress');
    if (next.walletAddress !== prev.walletAddress || walletLock !== prev.lock.includes('walletAddress'))
      send({ type: 'SET_WALLET', address: next.walletAddress ?? '', byHost: true, lock: walletLock });
    if (next.direction && next.direction !== prev.direction)
      send({ type: 'SET_DIRECTION', direction: next.direction, byHost: true });
    if (next.amount !== prev.amount) send({ type: 'SET_AMOUNT', text: next.amount ?? '', byHost: true });
    if (!developmentBuild()) return;
    const fixed = (Object.keys({ ...prev, ...next }) as (keyof ValidOptions)[]).filter((name) =>
      name === 'lock'
        ? !same(withoutWallet(prev.lock), withoutWallet(next.lock))
        : !after(name) && !same(prev[name], next[name]),
    );
    if (fixed.length)
      console.warn(
        `ramp-checkout: ${fixed.join(', ')} cannot change after the widget has mounted; ` +
          'give <RampCheckout> a new `key` to start over with the new value.',
      );
  }, [checked, mounted, emit]);

  // The last valid options, kept while later props are invalid.
  const [lastValid, setLastValid] = useState(mounted?.options);
  if (checked.ok && checked.options !== lastValid && mounted) setLastValid(checked.options);
  if (!mounted) return undefined;
  return checked.ok ? checked.options : lastValid;
}
