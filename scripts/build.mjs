// Production builds, one config per artifact (docs/ARCHITECTURE.md principle 8), run in one process.
// `--library`: only the npm library and its type declarations (what `npm pack` ships; run by prepack).
import { build } from 'vite';
import { execFileSync } from 'node:child_process';

const libraryOnly = process.argv.includes('--library');
const artifacts = [
  ['hosted page + console', 'vite.config.ts'],
  ['library (ESM)', 'vite.lib.config.ts'],
  ['script-tag embed (IIFE)', 'vite.embed.config.ts'],
  ['host server', 'vite.server.config.ts'],
].filter(([, configFile]) => !libraryOnly || configFile === 'vite.lib.config.ts');

for (const [name, configFile] of artifacts) {
  console.log(`\n▸ building ${name}`);
  await build({ configFile, logLevel: 'warn' });
}
console.log('\n▸ emitting library type declarations');
execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.lib.json'], {
  stdio: 'inherit',
});
if (!libraryOnly) {
  console.log('\n▸ emitting server type declarations');
  execFileSync(process.execPath, ['scripts/server-types.mjs'], { stdio: 'inherit' });
}
console.log(`\nbuild complete: ${libraryOnly ? 'dist/lib' : 'dist/hosted dist/lib dist/embed dist/server'}`);
