// Production builds, one config per artifact (docs/ARCHITECTURE.md principle 8), run in one process.
// `npm pack` runs it too (prepack): the package ships all four artifacts.
import { build } from 'vite';
import { spawn } from 'node:child_process';
import { compressDirs } from './compress.mjs';

// The library and the server first: their type declarations (a TypeScript program each, most of the
// build's time) are then emitted beside them, in child processes, while the page and the embed build.
const artifacts = [
  ['library (ESM)', 'vite.lib.config.ts'],
  ['host server', 'vite.server.config.ts'],
  ["hosted page's first-screen renderer (Node)", 'vite.prerender.config.ts'],
  ['hosted page + console', 'vite.config.ts'],
  ['script-tag embed (IIFE)', 'vite.embed.config.ts'],
];

/** Runs a script of ours in a child process; rejects when it fails. */
const script = (file) =>
  new Promise((done, fail) =>
    spawn(process.execPath, [file], { stdio: 'inherit' }).on('exit', (code) =>
      code === 0 ? done() : fail(new Error(`${file} exited with ${code}`)),
    ),
  );

let declarations;
for (const [name, configFile] of artifacts) {
  console.log(`\n▸ building ${name}`);
  await build({ configFile, logLevel: 'warn' });
  if (configFile === 'vite.server.config.ts') {
    console.log('\n▸ emitting library and server type declarations (beside the builds that follow)');
    declarations = Promise.all([script('scripts/lib-types.mjs'), script('scripts/server-types.mjs')]);
  }
}
// The browser artifacts are sent compressed: brotli and gzip variants beside each file.
console.log('\n▸ compressing the hosted page and the embed');
const packed = compressDirs(['dist/hosted', 'dist/embed']);
console.log(
  `${packed.files} files: ${(packed.before / 1024).toFixed(1)} KB → ${(packed.after / 1024).toFixed(1)} KB brotli`,
);
await declarations;
console.log('\nbuild complete: dist/hosted dist/lib dist/embed dist/server');
