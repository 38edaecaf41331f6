// Content negotiation for the build's precompressed files (scripts/compress.mjs writes `<file>.br`
// and `<file>.gz` beside each text file): which variant a request's Accept-Encoding takes.
import { existsSync } from 'node:fs';

export type Encoding = 'br' | 'gzip';

/** Our order of preference when a browser accepts both equally: brotli is the smaller. */
const PREFERRED: readonly Encoding[] = ['br', 'gzip'];
export const VARIANT_SUFFIX: Readonly<Record<Encoding, string>> = { br: '.br', gzip: '.gz' };

/**
 * The q-value of each coding an Accept-Encoding header names (RFC 9110 §12.5.3): "gzip, br;q=0.8" →
 * gzip 1, br 0.8. `*` stands for every coding not named; malformed weights count as 0 (not acceptable).
 */
function weights(header: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const part of header.slice(0, 1024).split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const coding = name.trim().toLowerCase();
    if (!coding) continue;
    const q = params.map((p) => p.trim()).find((p) => /^q=/i.test(p));
    const weight = q === undefined ? 1 : /^[01](?:\.\d{0,3})?$/.test(q.slice(2)) ? Number(q.slice(2)) : 0;
    out.set(coding, Math.min(1, weight));
  }
  return out;
}

/** The acceptable encoding of `offered` with the highest weight (ties: brotli first), if any. */
export function pickEncoding(
  acceptEncoding: string | undefined,
  offered: readonly Encoding[],
): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const w = weights(acceptEncoding);
  const weightOf = (e: Encoding) => w.get(e) ?? w.get('*') ?? 0;
  let best: Encoding | undefined;
  for (const e of PREFERRED) {
    if (!offered.includes(e) || weightOf(e) <= 0) continue;
    if (!best || weightOf(e) > weightOf(best)) best = e;
  }
  return best;
}

/** The precompressed variants that exist beside `file`. */
export function variantsOf(file: string): Encoding[] {
  return PREFERRED.filter((e) => existsSync(file + VARIANT_SUFFIX[e]));
}
