import { describe, expect, it, vi } from 'vitest';
import { FACTS, SEED, T0, buyAt, buyEvents } from './test-fixtures';
import type { CheckoutEvent } from './events';
import { loadCheckout, saveCheckout } from './persistence';
import type { StorageLike } from './persistence';
import { createCheckoutStore } from './store';

function memoryStorage(initial: Record<string, string> = {}): StorageLike & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

const session = { id: 'sess_1', widgetUrl: 'https://partner.example/s', trackingToken: 'tok' };

/** The events of a complete buy up to and including the provider launch. */
const launchEvents = (): CheckoutEvent[] => [
  ...buyEvents('launch'),
  { type: 'SESSION_REQUESTED', at: T0 },
  { type: 'SESSION_CREATED', session },
  { type: 'LAUNCHED' },
];

describe('createCheckoutStore', () => {
  it('holds the initial state and applies events through the machine', () => {
    const store = createCheckoutStore({ idempotencyKey: SEED, directions: ['sell'] });
    expect(store.getState().state.step).toBe('country');
    store.getState().send({ type: 'SET_COUNTRY', country: 'DE' });
    expect(store.getState().state.selection.country).toBe('DE');
  });

  it('gives every instance its own state', () => {
    const a = createCheckoutStore({ idempotencyKey: 'a' });
    const b = createCheckoutStore({ idempotencyKey: 'b' });
    a.getState().send({ type: 'SET_DIRECTION', direction: 'sell' });
    expect(a.getState().state.selection.direction).toBe('sell');
    expect(b.getState().state.selection.direction).toBe('buy');
  });

  it('reports transitions, and only those that changed something', () => {
    const onTransition = vi.fn();
    const store = createCheckoutStore({ idempotencyKey: SEED }, { onTransition });
    const listener = vi.fn();
    store.subscribe(listener);
    store.getState().send({ type: 'BACK' });
    expect(onTransition).not.toHaveBeenCalled();
    expect(listener).not.toHaveBeenCalled();
    const before = store.getState().state;
    store.getState().send({ type: 'CONTINUE', at: T0 });
    expect(onTransition).toHaveBeenCalledExactlyOnceWith(
      before,
      store.getState().state,
      { type: 'CONTINUE', at: T0 },
      {},
    );
    expect(listener).toHaveBeenCalledOnce();
    // With the facts the event was sent with (the widget's public events read the offer from them).
    store.getState().send({ type: 'SET_DIRECTION', direction: 'sell' }, FACTS);
    expect(onTransition).toHaveBeenLastCalledWith(
      expect.anything(),
      expect.anything(),
      expect.anything(),
      FACTS,
    );
  });

  it('survives a throwing listener', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const store = createCheckoutStore(
      { idempotencyKey: SEED },
      {
        onTransition: () => {
          throw new Error('merchant bug');
        },
      },
    );
    store.getState().send({ type: 'CONTINUE', at: T0 });
    expect(store.getState().state.step).toBe('country');
    expect(error).toHaveBeenCalledOnce();
    error.mockRestore();
  });
});

describe('persistence', () => {
  const key = 'rc:checkout:test';

  it('saves the tracking once launched, restores it on creation, and clears it on reset', () => {
    const storage = memoryStorage();
    const store = createCheckoutStore({ idempotencyKey: SEED }, { persistence: { storage, key } });
    const events = launchEvents();
    for (const e of events.slice(0, -1)) store.getState().send(e, FACTS);
    expect(storage.data.has(key)).toBe(false);
    store.getState().send({ type: 'LAUNCHED' });
    // The session to follow, nothing of its transaction (that is read anew).
    expect(loadCheckout(storage, key)?.tracking).toEqual({ sessionId: 'sess_1', trackingToken: 'tok' });

    const reloaded = createCheckoutStore({ idempotencyKey: 'new-seed' }, { persistence: { storage, key } });
    const state = reloaded.getState().state;
    expect(state.step).toBe('status');
    expect(state.tracking).toEqual(store.getState().state.tracking);
    expect(state.selection).toMatchObject({ amount: '100', fiatCurrency: 'USD', offer: 'PAYBIS' });

    reloaded.getState().send({ type: 'RESET', idempotencyKey: 'seed-3' });
    expect(storage.data.has(key)).toBe(false);
    expect(reloaded.getState().state.step).toBe('direction');
  });

  it.each([
    ['not JSON', '{'],
    [
      'another version',
      JSON.stringify({
        v: 2,
        tracking: { sessionId: 's', trackingToken: 't', history: [], terminal: false },
      }),
    ],
    [
      'no session id',
      JSON.stringify({ v: 1, tracking: { sessionId: '', trackingToken: 't', history: [], terminal: false } }),
    ],
    [
      'without a tracking token',
      JSON.stringify({ v: 1, tracking: { sessionId: 's', history: [], terminal: false } }),
    ],
    ['null', 'null'],
  ])('ignores a stored value that is %s', (_, raw) => {
    const storage = memoryStorage({ [key]: raw });
    expect(loadCheckout(storage, key)).toBeNull();
    expect(
      createCheckoutStore({ idempotencyKey: SEED }, { persistence: { storage, key } }).getState().state.step,
    ).toBe('direction');
  });

  it('restores the tracking even when the stored selection is unusable', () => {
    const tracking = { sessionId: 's', trackingToken: 't' };
    const storage = memoryStorage({
      [key]: JSON.stringify({ v: 1, tracking, selection: { direction: 'up' } }),
    });
    expect(loadCheckout(storage, key)).toEqual({ tracking });
  });

  it('tolerates storage that throws', () => {
    const broken: StorageLike = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(loadCheckout(broken, key)).toBeNull();
    expect(() => saveCheckout(broken, key, buyAt('launch'))).not.toThrow();
    const store = createCheckoutStore({ idempotencyKey: SEED }, { persistence: { storage: broken, key } });
    for (const e of launchEvents()) store.getState().send(e, FACTS);
    expect(store.getState().state.step).toBe('status');
  });
});

describe('a reload before the hand-off', () => {
  const key = 'rc:choices-test';
  it('keeps every choice and the screen the shopper was on', () => {
    const storage = memoryStorage();
    const first = createCheckoutStore({ idempotencyKey: SEED }, { persistence: { storage, key } });
    buyEvents('wallet').forEach((e) => first.getState().send(e, FACTS));
    first.getState().send({ type: 'SET_QUOTE_SORT', sort: 'score' });
    expect(first.getState().state.step).toBe('wallet');

    const again = createCheckoutStore({ idempotencyKey: SEED }, { persistence: { storage, key } });
    const s = again.getState().state;
    expect(s.step).toBe('wallet');
    expect(s.selection).toMatchObject({
      amount: '100',
      country: 'US',
      subdivision: 'US-NY',
      paymentMethod: 'CREDIT_DEBIT_CARD',
    });
    // The offers are asked anew: the best by the shopper's ranking is chosen again.
    expect(s.selection.offer).toBeUndefined();
    expect(s.prefs.quoteSort).toBe('score');
  });

  it('is not restored over locked values that differ, nor from unusable data', () => {
    const storage = memoryStorage();
    const first = createCheckoutStore({ idempotencyKey: SEED }, { persistence: { storage, key } });
    buyEvents('wallet').forEach((e) => first.getState().send(e, FACTS));
    const locked = createCheckoutStore(
      { idempotencyKey: SEED, prefill: { country: 'GB' }, locked: ['country'] },
      { persistence: { storage, key } },
    );
    expect(locked.getState().state.selection.country).toBe('GB');
    expect(locked.getState().state.step).toBe('direction');
    storage.setItem(`${key}:choices`, '{"v":1,"step":"nowhere","selection":{"direction":"buy"}}');
    expect(
      createCheckoutStore({ idempotencyKey: SEED }, { persistence: { storage, key } }).getState().state.step,
    ).toBe('direction');
  });

  it('once launched, the tracking takes over from the choices', () => {
    const storage = memoryStorage();
    const store = createCheckoutStore({ idempotencyKey: SEED }, { persistence: { storage, key } });
    launchEvents().forEach((e) => store.getState().send(e, FACTS));
    expect(storage.data.has(`${key}:choices`)).toBe(false);
    expect(storage.data.has(key)).toBe(true);
  });
});
