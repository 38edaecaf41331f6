// Gzip sizes of the three shipped artifacts, shared by the size-budget check and the benchmark.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const gzip = (file) => gzipSync(readFileSync(file), { level: 9 }).length;

/** Every JS file the library entry loads (the entry and any chunks it imports). */
function libraryFiles(dir = 'dist/lib') {
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.js'))
    .map((f) => join(dir, f));
}

/** The hosted page's initial JS: the entry module and the chunks index.html preloads. */
function hostedInitialFiles(dir = 'dist/hosted') {
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const srcs = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="([^"]+\.js)"/g)].map(
    (m) => m[1],
  );
  return srcs.map((src) => join(dir, src.replace(/^\//, '')));
}

export const budgetsKB = { embed: 100, library: 35, hosted: 110 };

export function measureSizes() {
  const sum = (files) => files.reduce((n, f) => n + gzip(f), 0);
  const embedFile = 'dist/embed/ramp-checkout.js';
  if (!existsSync(embedFile)) throw new Error('No build found: run `npm run build` first.');
  return {
    embed: sum([embedFile]),
    library: sum(libraryFiles()),
    hosted: sum(hostedInitialFiles()),
  };
}
