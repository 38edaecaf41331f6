// The embed's default apiBaseUrl: the proxy on the server the script itself came from, so a merchant
// only writes one URL (the script's). Read once, while the script is evaluating, because
// `document.currentScript` is null afterwards.

const SCRIPT_NAME = /\/ramp-checkout(?:\.min)?\.js(?:[?#]|$)/;

/** The `<script>` that loaded the embed: the current one, else the last one whose src names the file. */
export function findEmbedScript(doc: Document): HTMLScriptElement | null {
  const current = doc.currentScript;
  if (current instanceof HTMLScriptElement && current.src) return current;
  const all = [...doc.querySelectorAll<HTMLScriptElement>('script[src]')];
  return all.reverse().find((s) => SCRIPT_NAME.test(s.src)) ?? null;
}

/**
 * `<script origin>/api/ramp` for a script served over http(s); '/api/ramp' (the page's own origin)
 * when the script's origin is unknown.
 */
export function defaultApiBaseUrl(script: HTMLScriptElement | null): string {
  if (!script?.src) return '/api/ramp';
  try {
    const url = new URL(script.src);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return '/api/ramp';
    return `${url.origin}/api/ramp`;
  } catch {
    return '/api/ramp';
  }
}
