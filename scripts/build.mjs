// Production builds, one config per artifact (docs/ARCHITECTURE.md principle 8), run in one process.
// `npm pack` runs it too (prepack): the package ships all four artifacts.
import { build } from 'vite';
import { execFileSync } from 'node:child_process';
import { compressDirs } from './compress.mjs';

const artifacts = [
  ['hosted page + console', 'vite.config.ts'],
  ['library (ESM)', 'vite.lib.config.ts'],
  ['script-tag embed (IIFE)', 'vite.embed.config.ts'],
  ['host server', 'vite.server.config.ts'],
];

for (const [name, configFile] of artifacts) {
  console.log(`\n▸ building ${name}`);
  await build({ configFile, logLevel: 'warn' });
}
// The browser artifacts are sent compressed: brotli and gzip variants beside each file.
console.log('\n▸ compressing the hosted page and the embed');
const packed = compressDirs(['dist/hosted', 'dist/embed']);
console.log(
  `${packed.files} files: ${(packed.before / 1024).toFixed(1)} KB → ${(packed.after / 1024).toFixed(1)} KB brotli`,
);
console.log('\n▸ emitting library type declarations');
execFileSync(process.execPath, ['scripts/lib-types.mjs'], { stdio: 'inherit' });
console.log('\n▸ emitting server type declarations');
execFileSync(process.execPath, ['scripts/server-types.mjs'], { stdio: 'inherit' });
console.log('\nbuild complete: dist/hosted dist/lib dist/embed dist/server');
