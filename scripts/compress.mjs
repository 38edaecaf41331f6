// Compresses the browser artifacts at build time: beside each text file of dist/hosted and dist/embed
// go `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip -9), which the host server sends to a
// browser that accepts them (src/server/static.ts). Done once here, at the highest levels, instead of
// on every request. A variant that would not be smaller is not written.
// Usage: node scripts/compress.mjs [dir…] (default: dist/hosted dist/embed).
import { existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text files worth compressing; images other than SVG and fonts are compressed already. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|map)$/;
const VARIANTS = [
  ['.br', (data) => brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })],
  ['.gz', (data) => gzipSync(data, { level: 9 })],
];

function* filesIn(dir) {
  for (const entry of readdirSync(dir)) {
    const full = join(dir, entry);
    if (statSync(full).isDirectory()) yield* filesIn(full);
    else yield full;
  }
}

/** Writes the variants of every compressible file under `dirs`; returns bytes before and after (brotli). */
export function compressDirs(dirs) {
  let before = 0;
  let after = 0;
  let files = 0;
  for (const dir of dirs.filter((d) => existsSync(d))) {
    for (const file of filesIn(dir)) {
      if (!COMPRESSIBLE.test(file)) continue;
      const data = readFileSync(file);
      files++;
      before += data.length;
      let smallest = data.length;
      for (const [ext, compress] of VARIANTS) {
        const packed = compress(data);
        // A stale variant of an earlier build must not outlive its file's new content.
        if (packed.length >= data.length) rmSync(file + ext, { force: true });
        else writeFileSync(file + ext, packed);
        if (ext === '.br') smallest = Math.min(smallest, packed.length);
      }
      after += smallest;
    }
  }
  return { files, before, after };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dirs = process.argv.length > 2 ? process.argv.slice(2) : ['dist/hosted', 'dist/embed'];
  const { files, before, after } = compressDirs(dirs);
  console.log(
    `compressed ${files} files: ${(before / 1024).toFixed(1)} KB → ${(after / 1024).toFixed(1)} KB brotli`,
  );
}
