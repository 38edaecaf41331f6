// package.json's `engines.node` against what is installed (package-lock.json holds each package's own
// `engines`): the oldest Node the package says it runs on must be one every dependency accepts. The
// production closure (what `npm ci --omit=dev` installs, the image's) has no exception; a development
// package that asks for more than it needs is named below with the reason it still runs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const json = <T>(file: string) => JSON.parse(readFileSync(join(root, file), 'utf8')) as T;

type Locked = { version: string; dev?: boolean; optional?: boolean; engines?: { node?: string } | string[] };
const pkg = json<{ engines: { node: string } }>('package.json');
const lock = json<{ packages: Record<string, Locked> }>('package-lock.json');
const floor = semver.minVersion(pkg.engines.node)!;

/** Development packages whose `engines` overstate their need, each with why it runs on the floor (none now). */
const OVERSTATED: Record<string, string> = {};

/** Every locked package whose `engines.node` does not admit the floor. */
function refusing(which: 'production' | 'development'): string[] {
  return Object.entries(lock.packages).flatMap(([path, p]) => {
    const range = Array.isArray(p.engines) ? undefined : p.engines?.node;
    if (path === '' || range === undefined || (which === 'production') === (p.dev === true)) return [];
    return semver.satisfies(floor, range) ? [] : [`${path}@${p.version} wants node ${range}`];
  });
}

describe("package.json's engines.node", () => {
  it('admits the LTS lines the package supports, Node 22 and 24, from 22.13 (the oldest every dependency accepts; require(esm) without a flag)', () => {
    expect(semver.gte(floor, '22.13.0')).toBe(true);
    for (const line of ['22.13.0', '24.0.0'])
      expect(semver.satisfies(line, pkg.engines.node), line).toBe(true);
    expect(semver.satisfies('20.19.0', pkg.engines.node)).toBe(false);
  });

  it('is accepted by every production dependency, transitively', () => {
    expect(refusing('production')).toEqual([]);
  });

  it('is accepted by every development dependency but the ones named, whose ranges are still as named', () => {
    const named = Object.entries(OVERSTATED).map(([path, range]) => {
      const p = lock.packages[path];
      return `${path}@${p?.version} wants node ${range}`;
    });
    expect(refusing('development').sort()).toEqual(named.sort());
  });
});
