// What of an upstream failure may reach a browser or a log line. Error codes are identifiers the
// UI switches on: only the documented shape (upper-case, bounded) passes. The API key is removed
// from messages in any letter case and in part: an upstream that echoes a header back may cut or
// re-case it, and a fragment of a key still narrows a guess. An echo in another form (base64 of the
// Basic credentials, hex, URL-encoded, spaced out) is looked for by decoding what the text holds;
// a text where any trace is found is not passed on at all (WITHHELD replaces it).

import { REDACTED } from '../../api/errors';

/** The documented shape of an error code: an upper-case identifier of at most 64 characters. */
export const ERROR_CODE_RE = /^[A-Z][A-Z0-9_]{0,63}$/;
/** What replaces a code of another shape. */
export const FALLBACK_CODE = 'UPSTREAM_ERROR';
/** Copies of the key this long or longer are removed (shorter ones are noise, not a leak). */
export const MIN_SECRET_FRAGMENT = 8;
/** What replaces an upstream text that still carries a trace of the key in some encoding. */
export const WITHHELD = 'The ramp service refused the request (its message was withheld)';

export interface SecretScrubber {
  /**
   * `text` with every copy of the secret, or of a fragment of it, replaced (case-insensitive); when a
   * trace of it remains in another encoding, WITHHELD instead of the text.
   */
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

  /** Whether `plain` carries a fragment of the key, letters and digits compared alone. */
  const carries = (plain: string) => {
    const t = alnum(plain);
    for (let i = 0; bareMin > 0 && i + bareMin <= t.length; i++) {
      if (bare.includes(t.slice(i, i + bareMin))) return true;
    }
    return false;
  };
  /** Whether the text, or anything it holds in base64, base64url, hex or URL encoding, carries one. */
  const traced = (text: string) => carries(text) || decodings(text).some((decoded) => carries(decoded));

  return {
    text(text) {
      if (min === 0) return text;
      const out = redact(text);
      return traced(out) ? WITHHELD : out;
    },
    code(code) {
      if (!ERROR_CODE_RE.test(code)) return FALLBACK_CODE;
      return carries(code) ? FALLBACK_CODE : code;
    },
  };

  function redact(text: string): string {
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
  }
}

const BASE64_RUN = /[A-Za-z0-9+/_-]{12,}={0,2}/g;
const HEX_RUN = /(?:[0-9a-fA-F]{2}){6,}/g;

/** What the text's runs of base64 (either alphabet, at each alignment), hex and %XX decode to. */
function decodings(text: string): string[] {
  const out: string[] = [];
  for (const run of text.match(BASE64_RUN) ?? []) {
    const bare = run.replace(/=+$/, '');
    // A key inside a longer encoded value starts at any of the four alignments.
    for (let shift = 0; shift < 4 && shift < bare.length; shift++) {
      out.push(
        Buffer.from(bare.slice(shift).replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('latin1'),
      );
    }
  }
  for (const run of text.match(HEX_RUN) ?? []) {
    out.push(Buffer.from(run, 'hex').toString('latin1'), Buffer.from(run.slice(1), 'hex').toString('latin1'));
  }
  if (text.includes('%')) {
    out.push(text.replace(/%([0-9a-fA-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))));
  }
  return out;
}
