// The package's types as merchants compile them: the packed package (e2e/fixtures/packed.mjs: packed
// once per test run) in e2e/fixtures/type-consumer/node_modules, and every .ts/.tsx file there (the
// React component, the embed's global, the server package, every webhook type) compiled with
// skipLibCheck off under each of its tsconfig.*.json: moduleResolution bundler, node16 and nodenext,
// the three compilers side by side. A consumer file added there is checked under all three.
// Needs the build (npm test builds first).
import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_TYPES } from '../src/server/merchant/webhooks/samples';
import { isBuilt } from '../src/test/built';

const root = resolve(import.meta.dirname, '..');
const consumer = join(root, 'e2e/fixtures/type-consumer');
const built = isBuilt(join(root, 'dist/lib/index.d.ts')) && isBuilt(join(root, 'dist/server/index.js'));
const configs = readdirSync(consumer).filter((f) => /^tsconfig\.\w+\.json$/.test(f));

it('checks the three module resolutions merchants use', () => {
  expect(configs.sort()).toEqual(['tsconfig.bundler.json', 'tsconfig.node16.json', 'tsconfig.nodenext.json']);
});

it("the webhook consumer's switch names every webhook type the server sends", () => {
  const source = readFileSync(join(consumer, 'webhooks.ts'), 'utf8');
  const cases = [...source.matchAll(/case '([\w.]+)':/g)].map((m) => m[1]);
  expect(cases.sort()).toEqual([...WEBHOOK_TYPES].sort());
});

/** tsc over one config, in a child process of its own: the three run at once. */
function tsc(config: string): Promise<{ status: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [
      join(root, 'node_modules/typescript/bin/tsc'),
      '-p',
      join(consumer, config),
    ]);
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('close', (status) => done({ status, output }));
  });
}

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

  it.concurrent.each(configs)(
    '%s',
    async (config) => {
      expect(await tsc(config)).toEqual({ status: 0, output: '' });
    },
    180_000,
  );
});
