import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Three projects sharing two workers (Vitest's default is cores − 1: one worker here), run together:
// the waits of the process-spawning files (servers starting, leases expiring) are filled by the
// others' work (one after the other, the stage took 200 s; together 183 s):
// - `unit`: everything that runs in its own process, files sharing each worker's module cache (not
//   isolated: each file importing React, Hono and the server afresh was over a third of the stage);
// - `isolated`: the files that replace a module or a global (vi.mock, vi.stubGlobal…), found by
//   reading them, each with a fresh module graph as Vitest requires;
// - `processes`: servers, compilers and packers started as child processes, each file isolated.
const PROCESSES = [
  'scripts/**/*.test.ts',
  'src/server/hardening/**/*.test.ts',
  'src/server/scale/**/*.test.ts',
  'src/server/node/cli.test.ts',
  'src/sandbox/standalone.test.ts',
];

/** Test files that replace a module or a global: they need a module graph of their own. */
const REPLACES = /\bvi\.(mock|doMock|unmock|stubGlobal|stubEnv|resetModules)\(/;
const ISOLATED = (readdirSync('src', { recursive: true }) as string[])
  .map((file) => join('src', file))
  .filter((file) => /\.test\.tsx?$/.test(file) && REPLACES.test(readFileSync(file, 'utf8')));

// One name per test run (workers inherit it): the package is packed once per run (e2e/fixtures/packed.mjs).
process.env.RAMP_TEST_RUN ??= `run-${Date.now()}`;

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'node',
    setupFiles: ['src/test/setup.ts'],
    testTimeout: 15_000,
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: [...PROCESSES, ...ISOLATED],
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'isolated', include: ISOLATED, exclude: PROCESSES },
      },
      {
        extends: true,
        test: { name: 'processes', include: PROCESSES },
      },
    ],
  },
});
