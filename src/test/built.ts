// Tests of the built artifacts skip before `npm run build` on a developer's machine; in CI (where
// `npm test` builds first) a missing build is an error, so these checks can never be skipped there.
import { existsSync } from 'node:fs';

export function isBuilt(file: string): boolean {
  const built = existsSync(file);
  if (!built && process.env.CI)
    throw new Error(`${file} is missing: CI runs the unit tests after \`npm run build\``);
  return built;
}
