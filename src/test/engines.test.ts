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

/** Development packages whose `engines` overstate their need, each with why it runs on the floor. */
const OVERSTATED: Record<string, string> = {
  // ESM only, loaded with require() by light-my-request (Fastify's, for the Express/Fastify mount
  // test): Node runs require(esm) by default from 20.19, the floor. src/server/node/mount.test.ts runs it.
  'node_modules/light-my-request/node_modules/cookie': '>=22',
};

/** Every locked package whose `engines.node` does not admit the floor. */
function refusing(which: 'production' | 'development'): string[] {
  return Object.entries(lock.packages).flatMap(([path, p]) => {
    const range = Array.isArray(p.engines) ? undefined : p.engines?.node;
    if (path === '' || range === undefined || (which === 'production') === (p.dev === true)) return [];
    return semver.satisfies(floor, range) ? [] : [`${path}@${p.version} wants node ${range}`];
  });
}

describe("package.json's engines.node", () => {
  it('is a range whose oldest version is Node 20.19 or later (require(esm), which a dependency needs)', () => {
    expect(semver.gte(floor, '20.19.0')).toBe(true);
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
