// What of an upstream failure may reach a browser or a log line. Error codes are identifiers the
// UI switches on: only the documented shape (upper-case, bounded) passes. The API key is removed
// from messages in any letter case and in part: an upstream that echoes a header back may cut or
// re-case it, and a fragment of a key still narrows a guess.

/** The documented shape of an error code: an upper-case identifier of at most 64 characters. */
export const ERROR_CODE_RE = /^[A-Z][A-Z0-9_]{0,63}$/;
/** What replaces a code of another shape. */
export const FALLBACK_CODE = 'UPSTREAM_ERROR';
/** Copies of the key this long or longer are removed (shorter ones are noise, not a leak). */
export const MIN_SECRET_FRAGMENT = 8;
const REDACTED = '[redacted]';

export interface SecretScrubber {
  /** `text` with every copy of the secret, or of a fragment of it, replaced (case-insensitive). */
  text(text: string): string;
  /** A code of the documented shape that carries no fragment of the secret, else FALLBACK_CODE. */
  code(code: string): string;
}

const alnum = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

export function secretScrubber(secret: string): SecretScrubber {
  const lower = secret.toLowerCase();
  const min = Math.min(MIN_SECRET_FRAGMENT, lower.length);
  const starts = new Set<string>();
  for (let i = 0; i + min <= lower.length; i++) starts.add(lower.slice(i, i + min));
  // Codes are compared without separators: TEST_KEY_ZX81 is test-key-zx81 re-spelled.
  const bare = alnum(secret);
  const bareMin = Math.min(MIN_SECRET_FRAGMENT, bare.length);

  return {
    text(text) {
      if (min === 0) return text;
      const t = text.toLowerCase();
      let out = '';
      let i = 0;
      while (i < text.length) {
        if (i + min <= t.length && starts.has(t.slice(i, i + min))) {
          let end = i + min;
          while (end < t.length && lower.includes(t.slice(i, end + 1))) end++;
          out += REDACTED;
          i = end;
        } else {
          out += text[i];
          i++;
        }
      }
      return out;
    },
    code(code) {
      if (!ERROR_CODE_RE.test(code)) return FALLBACK_CODE;
      const c = alnum(code);
      for (let i = 0; bareMin > 0 && i + bareMin <= c.length; i++) {
        if (bare.includes(c.slice(i, i + bareMin))) return FALLBACK_CODE;
      }
      return code;
    },
  };
}
