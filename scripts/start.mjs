// `npm start`: serve the production build; on a fresh clone, build what is missing first.
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

const needed = [
  'dist/server/main.js',
  'dist/hosted/index.html',
  'dist/embed/ramp-checkout.js',
  'dist/lib/index.js',
];
const missing = needed.filter((file) => !existsSync(file));
if (missing.length > 0) {
  console.log(`Building first (missing: ${missing.join(', ')})…`);
  execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
}
await import('../dist/server/main.js');
