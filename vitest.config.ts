import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Two projects, run one after the other, each on both cores (Vitest's default is cores − 1: one
// worker here). `unit` is everything that runs in its own process; `processes` starts servers,
// compilers and packers as child processes, so it runs apart from the jsdom suites that would
// otherwise compete with it for the same two cores.
const PROCESSES = [
  'scripts/**/*.test.ts',
  'src/server/hardening/**/*.test.ts',
  'src/server/scale/**/*.test.ts',
  'src/server/node/cli.test.ts',
  'src/sandbox/standalone.test.ts',
];

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
          exclude: PROCESSES,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: { name: 'processes', include: PROCESSES, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
