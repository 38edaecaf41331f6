// Gzip sizes of the three shipped artifacts, shared by the size-budget check and the benchmark.
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';

const gzip = (file) => gzipSync(readFileSync(file), { level: 9 }).length;

/** The JS a module loads before it runs: itself and its static imports, transitively (lazy chunks excluded). */
function staticClosure(entry) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const m of code.matchAll(
      /(?:^|[;}\s])(?:import|export)\s*(?:[\w*{}\s,$]*from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g,
    )) {
      visit(join(dirname(file), m[1]));
    }
  };
  visit(entry);
  return [...seen];
}

/** The hosted page's initial JS: the entry module and the chunks index.html preloads. */
function hostedInitialFiles(dir = 'dist/hosted') {
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const srcs = [
    ...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="([^"]+\.js)"/g),
  ].map((m) => m[1]);
  return [...new Set(srcs.flatMap((src) => staticClosure(join(dir, src.replace(/^\//, '')))))];
}

export const budgetsKB = { embed: 100, library: 35, hosted: 110 };

export function measureSizes() {
  const sum = (files) => files.reduce((n, f) => n + gzip(f), 0);
  const embedFile = 'dist/embed/ramp-checkout.js';
  if (!existsSync(embedFile)) throw new Error('No build found: run `npm run build` first.');
  return {
    embed: sum([embedFile]),
    library: sum(staticClosure('dist/lib/index.js')),
    hosted: sum(hostedInitialFiles()),
  };
}
