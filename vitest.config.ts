import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import react from '@vitejs/plugin-react';

// Three projects sharing two workers (Vitest's default is cores − 1: one worker here) in one run, one
// project after another in the queue, so each project's end overlaps the next one's start (one run
// after another, the stage took 200 s; in one, 183 s):
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
  'src/server/openapi/consumers.test.ts',
];

/** Every test file under src/ and its text, read once. */
const SOURCES = (readdirSync('src', { recursive: true }) as string[])
  .map((file) => join('src', file))
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => ({ file, text: readFileSync(file, 'utf8') }));

/** Test files that replace a module or a global: they need a module graph of their own. */
const REPLACES = /\bvi\.(mock|doMock|unmock|stubGlobal|stubEnv|resetModules)\(/;
const ISOLATED = SOURCES.filter((s) => REPLACES.test(s.text)).map((s) => s.file);

/** Test files that ask for the DOM (`// @vitest-environment jsdom` on a line of its own), by full path. */
const DOM_FILES = new Set(
  SOURCES.filter((s) => /^\/\/ @vitest-environment jsdom$/m.test(s.text)).map((s) => resolve(s.file)),
);

// One name per test run (workers inherit it): the package is packed once per run (e2e/fixtures/packed.mjs).
process.env.RAMP_TEST_RUN ??= `run-${Date.now()}`;

/**
 * Vitest's order (project by project; in each, the longest file first, or the largest when there is
 * no record of past runs), with the `unit` project's node files before its jsdom files. Vitest keeps a
 * shared worker only while the next file in line has its environment: node and jsdom files in turn
 * started a new process for nearly every file (96 processes for 218 files; now 45, and the stage
 * took 187 s where it took 221 s).
 */
class NodeFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const dom = new Set(sorted.filter((s) => !s.project.config.isolate && DOM_FILES.has(s.moduleId)));
    return [...sorted.filter((s) => !dom.has(s)), ...dom];
  }
}

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'node',
    setupFiles: ['src/test/setup.ts'],
    testTimeout: 15_000,
    maxWorkers: 2,
    sequence: { sequencer: NodeFilesFirst },
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
