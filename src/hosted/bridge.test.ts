// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RampCheckoutEvent } from '../widget/events';
import { HOST_SOURCE, PAGE_SOURCE, createParentBridge, isFramed } from './bridge';

const PARENT = 'https://shop.example';
let frame: Window;
let parent: Window;
let postMessage: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  // The hosted page runs in the iframe; jsdom's top window is the merchant page framing it (vitest's
  // `window` global is a copy of its properties, so the frame's own `parent` is the one to use).
  const iframe = document.createElement('iframe');
  document.body.append(iframe);
  frame = iframe.contentWindow!;
  parent = frame.parent;
  postMessage = vi.spyOn(parent, 'postMessage').mockImplementation(() => {});
});
afterEach(() => {
  document.body.replaceChildren();
  postMessage.mockRestore();
});

function fromParent(data: unknown, origin = PARENT, source: Window | null = parent) {
  frame.dispatchEvent(new MessageEvent('message', { data, origin, source }));
}

const update = (options: unknown) => ({ source: HOST_SOURCE, type: 'update', options });

describe('isFramed', () => {
  it('tells a framed page from a top-level one', () => {
    expect(isFramed(frame)).toBe(true);
    expect(isFramed(parent)).toBe(false);
  });
});

describe('createParentBridge', () => {
  it('posts each event to the parent with the pinned origin as targetOrigin', () => {
    const bridge = createParentBridge({ win: frame, parentOrigin: PARENT, onUpdate: () => {} });
    const events: RampCheckoutEvent[] = [
      { type: 'ready', direction: 'buy', country: 'US' },
      { type: 'completed', sessionId: 's1', transactionId: 't1', status: 'SETTLED' },
    ];
    events.forEach((e) => bridge.post(e));
    expect(postMessage.mock.calls).toEqual(events.map((event) => [{ source: PAGE_SOURCE, event }, PARENT]));
  });

  it('accepts update messages only from the parent window at the pinned origin', () => {
    const onUpdate = vi.fn();
    const bridge = createParentBridge({ win: frame, parentOrigin: PARENT, onUpdate });
    fromParent(update({ amount: '10' }), 'https://evil.example');
    fromParent(update({ amount: '11' }), 'http://shop.example');
    fromParent(update({ amount: '12' }), PARENT, frame); // right origin, wrong window
    fromParent(update({ amount: '13' }), PARENT, null);
    fromParent({ source: 'someone-else', type: 'update', options: { amount: '14' } });
    fromParent({ source: HOST_SOURCE, type: 'reset', options: {} });
    fromParent(update('amount=15'));
    fromParent(update(['16']));
    fromParent('{"source":"ramp-checkout-host","type":"update","options":{}}');
    expect(onUpdate).not.toHaveBeenCalled();

    fromParent(update({ amount: '20' }));
    expect(onUpdate).toHaveBeenCalledExactlyOnceWith({ amount: '20' });

    bridge.dispose();
    fromParent(update({ amount: '30' }));
    expect(onUpdate).toHaveBeenCalledOnce();
  });

  it('logs an event the browser cannot clone instead of throwing into the widget', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    postMessage.mockImplementation(() => {
      throw new DOMException('could not be cloned', 'DataCloneError');
    });
    const bridge = createParentBridge({ win: frame, parentOrigin: PARENT, onUpdate: () => {} });
    expect(() => bridge.post({ type: 'error', code: 'SERVICE_ERROR', message: 'y' })).not.toThrow();
    expect(error).toHaveBeenCalledOnce();
    error.mockRestore();
  });
});
