// The console token lives in sessionStorage: it survives reloads of the tab, and goes away with
// the browser session. Never localStorage, never a cookie, never the URL.

const KEY = 'ramp-console-token';

/** Storage may be unavailable (privacy modes throw on access): then the token lives in memory only. */
function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function loadToken(): string | null {
  try {
    return storage()?.getItem(KEY) ?? null;
  } catch {
    return null;
  }
}

export function saveToken(token: string): void {
  try {
    storage()?.setItem(KEY, token);
  } catch {
    // Quota or privacy mode: signing in still works for this page's lifetime.
  }
}

export function clearToken(): void {
  try {
    storage()?.removeItem(KEY);
  } catch {
    // Nothing was stored.
  }
}
