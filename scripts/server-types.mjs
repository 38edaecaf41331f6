// Type declarations of `ramp-checkout/server`, from src/server/index.ts (scripts/declarations.mjs).
// They may import the package's dependencies only (valibot: the wire's types are inferred from its
// schemas, src/api/proxy), never a dev dependency of ours: the consumer has those installed with us.
import { readFileSync } from 'node:fs';
import { emitDeclarations } from './declarations.mjs';

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const kept = emitDeclarations({
  project: 'tsconfig.server.json',
  out: 'dist/server/types',
  entry: 'dist/server/types/server/index.d.ts',
  packages: Object.keys(pkg.dependencies ?? {}),
  clean: true,
});
console.log(`server type declarations: ${kept.size} files`);
