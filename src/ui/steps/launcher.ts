// Opening the partner's checkout. Popup blockers allow a window only while the click is being
// handled, before any await: so a blank window is opened first and pointed at the partner once the
// session exists. When it was blocked, a tab is tried, and the last resort is a link to click.
import type { LaunchMode } from './context';

const POPUP_FEATURES = 'popup,width=480,height=720';

/** Opens a blank popup or tab; call synchronously in the click handler. null when blocked (or redirect). */
export function openBlank(mode: LaunchMode): Window | null {
  if (mode === 'redirect') return null;
  try {
    return window.open('about:blank', '_blank', mode === 'popup' ? POPUP_FEATURES : undefined) ?? null;
  } catch {
    return null;
  }
}

/** Points an opened window at the partner (and cuts its way back to this page). */
export function navigate(win: Window, url: string): boolean {
  try {
    if (win.closed) return false;
    win.opener = null;
    win.location.replace(url);
    return true;
  } catch {
    return false;
  }
}

/** A new tab at `url`; false when the browser blocked it. */
export function openTab(url: string): boolean {
  try {
    const win = window.open(url, '_blank');
    if (!win) return false;
    win.opener = null;
    return true;
  } catch {
    return false;
  }
}

export function closeQuietly(win: Window | null): void {
  try {
    win?.close();
  } catch {
    // A window we can no longer reach is the shopper's to close.
  }
}

/** The partner's window of each checkout (by its store), so the status screen can tell it was closed. */
const partnerWindows = new WeakMap<object, Window>();

export const rememberWindow = (owner: object, win: Window): void => void partnerWindows.set(owner, win);

/** Whether the partner's window this checkout opened is closed (undefined: none known, e.g. a redirect). */
export function partnerWindowClosed(owner: object): boolean | undefined {
  const win = partnerWindows.get(owner);
  if (!win) return undefined;
  try {
    return win.closed;
  } catch {
    return undefined;
  }
}
