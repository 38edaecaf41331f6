// The package's types as merchants compile them: the packed package (e2e/fixtures/packed.mjs) in
// e2e/fixtures/type-consumer/node_modules, and every .ts/.tsx file there compiled with skipLibCheck
// off under each of its tsconfig.*.json: moduleResolution bundler, node16 and nodenext. A consumer
// file added there is checked under all three. Needs the build (npm test builds first).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const consumer = join(root, 'e2e/fixtures/type-consumer');
const built = existsSync(join(root, 'dist/lib/index.d.ts')) && existsSync(join(root, 'dist/server/index.js'));
const configs = readdirSync(consumer).filter((f) => /^tsconfig\.\w+\.json$/.test(f));

it('checks the three module resolutions merchants use', () => {
  expect(configs.sort()).toEqual(['tsconfig.bundler.json', 'tsconfig.node16.json', 'tsconfig.nodenext.json']);
});

describe.runIf(built)('the packed package type-checks with skipLibCheck off', () => {
  beforeAll(() => {
    execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { installPacked } = await import(${JSON.stringify(join(root, 'e2e/fixtures/packed.mjs'))});
         installPacked(${JSON.stringify(consumer)});`,
      ],
      { stdio: 'pipe' },
    );
  }, 120_000);

  it.each(configs)(
    '%s',
    (config) => {
      const tsc = spawnSync(
        process.execPath,
        [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(consumer, config)],
        { encoding: 'utf8' },
      );
      expect(tsc.stdout + tsc.stderr).toBe('');
      expect(tsc.status).toBe(0);
    },
    180_000,
  );
});
