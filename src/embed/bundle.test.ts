// The built browser artifacts, checked as shipped (skipped before `npm run build`): the embed is one
// self-contained file that runs under a strict CSP, and no artifact carries a secret, a server-only
// module or a source map.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { join, resolve } from 'node:path';
import { isBuilt } from '../test/built';
import { COMPILE_HINT } from '../../vite.compile-hint';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const embedFile = join(root, 'dist/embed/ramp-checkout.js');
const built = isBuilt(embedFile);

function files(dir: string): string[] {
  const full = join(root, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The build's brotli and gzip variants of a file (scripts/compress.mjs), sent to browsers that take them. */
const COMPRESSED = /\.(?:br|gz)$/;

/** Each match of `re` with a little context, so a failure names the spot, not the whole bundle. */
function hits(file: string, re: RegExp): string[] {
  const text = readFileSync(file, 'utf8');
  const global = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`);
  return [...text.matchAll(global)].map((m) => text.slice(Math.max(0, m.index - 40), m.index + 40));
}

describe.skipIf(!built)('built artifacts (dist/; run `npm run build` first)', () => {
  const embed = built ? readFileSync(embedFile, 'utf8') : '';
  const everyFile = [...files('dist/embed'), ...files('dist/lib'), ...files('dist/hosted')];
  const browserFiles = everyFile.filter((f) => !COMPRESSED.test(f));
  const browserJs = browserFiles.filter((f) => f.endsWith('.js'));

  it('the embed is one IIFE file that installs window.RampCheckout', () => {
    expect(files('dist/embed').filter((f) => !COMPRESSED.test(f))).toEqual([embedFile]);
    // Chrome's compile hint first (vite.compile-hint.ts), then the IIFE.
    const [hint, ...code] = embed.split('\n');
    expect(hint).toBe(COMPILE_HINT);
    expect(code.join('\n').trimStart()).toMatch(
      /^(?:"use strict";\s*)?(?:var [\w$]+\s*=\s*)?\(function\s*\(/,
    );
    expect(embed).not.toMatch(/^\s*(?:import|export)\s/m);
    expect(embed).toMatch(/\.RampCheckout\s*=/);
  });

  it('needs neither eval nor new Function (a strict script-src allows neither)', () => {
    for (const file of browserJs) {
      expect(hits(file, /(?<![\w$.])eval\s*\(/), file).toEqual([]);
      expect(hits(file, /\bnew\s+Function\s*\(/), file).toEqual([]);
      expect(hits(file, /(?<![\w$.])Function\s*\(\s*["'`]/), file).toEqual([]);
      expect(hits(file, /\bset(?:Timeout|Interval)\s*\(\s*["'`]/), file).toEqual([]);
    }
  });

  it('carries no source map, key or server code', () => {
    expect(browserFiles.filter((f) => f.endsWith('.map'))).toEqual([]);
    for (const file of browserJs) {
      expect(hits(file, /sourceMappingURL/), file).toEqual([]);
      expect(hits(file, /RAMP_API_KEY|RAMP_SESSION_SECRET/), file).toEqual([]);
      expect(hits(file, /["']node:[a-z]/), file).toEqual([]);
      expect(hits(file, /createSandbox|BASIC [A-Za-z0-9+/=]{12,}/), file).toEqual([]);
    }
  });

  it('leaves no process.env in what runs as is in a browser (the library leaves it to the app’s bundler)', () => {
    for (const file of [embedFile, ...files('dist/hosted').filter((f) => f.endsWith('.js'))]) {
      expect(hits(file, /process\.env/), file).toEqual([]);
    }
  });

  it('bundles React into the embed and leaves it to the host app in the library', () => {
    expect(hits(embedFile, /\brequire\s*\(\s*["']react/)).toEqual([]);
    const lib = join(root, 'dist/lib/index.js');
    expect(readFileSync(lib, 'utf8')).toMatch(/from\s*["']react(?:\/jsx-runtime)?["']/);
    expect(hits(lib, /__CLIENT_INTERNALS_DO_NOT_USE|react-dom\.production/)).toEqual([]);
  });

  it('ships the embed and the hosted page with brotli and gzip variants that decode to the file itself', () => {
    const sources = [embedFile, ...files('dist/hosted').filter((f) => /\.(?:js|css|html)$/.test(f))];
    const big = sources.filter((f) => readFileSync(f).length > 1024);
    expect(big.length).toBeGreaterThan(3);
    for (const file of big) {
      const raw = readFileSync(file);
      expect(brotliDecompressSync(readFileSync(`${file}.br`)).equals(raw), file).toBe(true);
      expect(gunzipSync(readFileSync(`${file}.gz`)).equals(raw), file).toBe(true);
      expect(readFileSync(`${file}.br`).length, file).toBeLessThan(raw.length);
    }
    // No variant outlives its file.
    for (const variant of everyFile.filter((f) => COMPRESSED.test(f))) {
      expect(existsSync(variant.replace(COMPRESSED, '')), variant).toBe(true);
    }
  });
});
