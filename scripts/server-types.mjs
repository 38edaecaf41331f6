// Type declarations of `ramp-checkout/server`, from src/server/index.ts (scripts/declarations.mjs).
// None may import a package: the consumer need not have any (not even a dev dependency of ours).
import { emitDeclarations } from './declarations.mjs';

const kept = emitDeclarations({
  project: 'tsconfig.server.json',
  out: 'dist/server/types',
  entry: 'dist/server/types/server/index.d.ts',
  clean: true,
});
console.log(`server type declarations: ${kept.size} files`);
