// Which dependencies may run code at install: package.json's `allowScripts` (npm 11) names every
// locked package that has an install script, allowed or denied, so an install is decided here, in
// review, and `npm ci` ends without a warning. A new dependency with a script fails this test until
// it is named (`npm install-scripts approve <pkg>` or `deny <pkg>`).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const json = <T>(file: string) => JSON.parse(readFileSync(join(root, file), 'utf8')) as T;

const pkg = json<{ allowScripts?: Record<string, boolean> }>('package.json');
const lock = json<{ packages: Record<string, { hasInstallScript?: boolean }> }>('package-lock.json');

/** Each locked package with an install script, by name (`node_modules/a/node_modules/b` → `b`). */
const withScripts = [
  ...new Set(
    Object.entries(lock.packages)
      .filter(([, p]) => p.hasInstallScript)
      .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length)),
  ),
].sort();

describe("package.json's allowScripts", () => {
  it('decides every locked package that has an install script, and names no other', () => {
    const named = Object.keys(pkg.allowScripts ?? {}).map((entry) => entry.replace(/(?<=.)@.*$/, ''));
    expect(named.sort()).toEqual(withScripts);
  });

  it("denies esbuild's postinstall: its binary comes from its platform package, which tsx and Vite find", () => {
    expect(pkg.allowScripts).toEqual({ esbuild: false });
  });
});
