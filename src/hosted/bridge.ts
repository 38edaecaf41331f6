// The hosted page's line to a framing merchant page. Events go to window.parent with the pinned
// parentOrigin as targetOrigin (never '*': the browser drops them if someone else framed the page),
// and messages are accepted only from window.parent at that same origin.
import type { RampCheckoutEvent } from '../widget/events';

/** `source` of what the page posts. */
export const PAGE_SOURCE = 'ramp-checkout';
/** `source` of what the page accepts. */
export const HOST_SOURCE = 'ramp-checkout-host';

export interface PageMessage {
  source: typeof PAGE_SOURCE;
  event: RampCheckoutEvent;
}

/** What a parent may send: new options, merged into the current ones and validated. */
export interface HostMessage {
  source: typeof HOST_SOURCE;
  type: 'update';
  options: Record<string, unknown>;
}

export interface ParentBridge {
  post(event: RampCheckoutEvent): void;
  /** Stops listening to the parent. */
  dispose(): void;
}

/** Whether the page runs inside a frame (a cross-origin parent makes the comparison itself safe). */
export function isFramed(win: Window): boolean {
  return win.parent !== win;
}

function isHostMessage(data: unknown): data is HostMessage {
  if (typeof data !== 'object' || data === null) return false;
  const m = data as Partial<HostMessage>;
  return (
    m.source === HOST_SOURCE &&
    m.type === 'update' &&
    typeof m.options === 'object' &&
    m.options !== null &&
    !Array.isArray(m.options)
  );
}

export function createParentBridge(o: {
  win: Window;
  /** A normalised origin (parseOrigin). */
  parentOrigin: string;
  onUpdate: (options: Record<string, unknown>) => void;
}): ParentBridge {
  const { win, parentOrigin } = o;
  const onMessage = (e: MessageEvent) => {
    if (e.origin !== parentOrigin || e.source !== win.parent) return;
    if (isHostMessage(e.data)) o.onUpdate(e.data.options);
  };
  win.addEventListener('message', onMessage);
  return {
    post(event) {
      const message: PageMessage = { source: PAGE_SOURCE, event };
      try {
        win.parent.postMessage(message, parentOrigin);
      } catch (error) {
        console.error('ramp-checkout: could not post an event to the parent page', error);
      }
    },
    dispose() {
      win.removeEventListener('message', onMessage);
    },
  };
}
