// Type declarations of `ramp-checkout`, from src/index.ts (scripts/declarations.mjs), beside the
// bundled library in dist/lib. They may import the package's dependencies and peers only.
import { readFileSync } from 'node:fs';
import { emitDeclarations } from './declarations.mjs';

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const kept = emitDeclarations({
  project: 'tsconfig.lib.json',
  out: 'dist/lib',
  entry: 'dist/lib/index.d.ts',
  // @types/react is how a TypeScript consumer has react's types.
  packages: [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})],
});
console.log(`library type declarations: ${kept.size} files`);
