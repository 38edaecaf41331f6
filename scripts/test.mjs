// `npm test`: every check, in the order that fails soonest and shares the most. The static checks and
// the production build run first, in two lanes side by side; the build runs once, and the unit and e2e
// stages use it and one packed package (RAMP_TEST_RUN names the run: e2e/fixtures/packed.mjs).
// Each stage's time is printed at the end (docs/TESTING.md keeps a measured run's figures); the
// first failing stage ends the run with its exit code.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, delimiter } from 'node:path';

process.env.RAMP_TEST_RUN ??= `run-${Date.now()}`;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const ESC = String.fromCharCode(27);
const ANSI = new RegExp(`${ESC}\\[[0-9;]*m`, 'g');

/**
 * Runs `npm run <script>` (or `command`, named `script` in the summary); its output is streamed, or
 * kept and printed whole when `quiet`.
 */
function run(script, { quiet = false, command = [npm, 'run', '--silent', script], env = process.env } = {}) {
  return new Promise((done) => {
    const started = performance.now();
    const child = spawn(command[0], command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'], env });
    let output = '';
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('data', (d) => {
        output += d.toString();
        if (!quiet) (stream === child.stdout ? process.stdout : process.stderr).write(d);
      });
    }
    child.on('close', (code, signal) =>
      done({ script, code: code ?? (signal ? 1 : 0), output, seconds: (performance.now() - started) / 1000 }),
    );
  });
}

const timings = [];
const counts = { passed: 0, failed: 0, skipped: 0 };

function record(result) {
  timings.push([result.script, result.seconds, result.code === 0 ? 'ok' : `failed (${result.code})`]);
  const plain = result.output.replace(ANSI, '');
  // Vitest: "Tests  2210 passed | 1 skipped (2211)"; Playwright: "77 passed (4.1m)", "1 skipped".
  const vitest = /^\s*Tests\s+(.*)\(\d+\)\s*$/m.exec(plain)?.[1];
  const source =
    vitest ??
    plain
      .split('\n')
      .filter((l) => /^\s+\d+ (passed|failed|skipped|flaky)\b/.test(l))
      .join(' ');
  for (const kind of ['passed', 'failed', 'skipped']) {
    const m = new RegExp(`(\\d+) ${kind}`).exec(source);
    if (m) counts[kind] += Number(m[1]);
  }
}

function summary() {
  console.log('\n▸ stage timings');
  for (const [script, seconds, outcome] of timings)
    console.log(`  ${script.padEnd(12)} ${seconds.toFixed(1).padStart(7)} s  ${outcome}`);
  const total = timings.reduce((s, [, sec]) => s + sec, 0);
  console.log(
    `  ${'(wall)'.padEnd(12)} ${((performance.now() - begun) / 1000).toFixed(1).padStart(7)} s  (stage sum ${total.toFixed(1)} s)`,
  );
  console.log(`\ntests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
}

function stop(result) {
  summary();
  process.exit(result.code || 1);
}

const begun = performance.now();

// ESLint is one thread, the longest check; beside it, the typecheck (TypeScript 7), the build and the
// format check, one after another: the two lanes end together, and the build is ready when the
// checks are (with TypeScript 6, the checks in two lanes and then the build took 49 s + 18 s on the
// two CI cores; this way, 52 s in all).
console.log('▸ typecheck, build, format check; beside them, ESLint');
const lane = async (...steps) => {
  const done = [];
  for (const step of steps) {
    const result = await step();
    done.push(result);
    if (result.code !== 0) break;
  }
  return done;
};
const first = await Promise.all([
  lane(
    () => run('typecheck', { quiet: true }),
    () => run('build', { quiet: true }),
    () => run('lint:format', { quiet: true }),
  ),
  lane(() => run('lint:code', { quiet: true })),
]);
for (const result of first.flat()) {
  record(result);
  (result.code === 0 ? process.stdout : process.stderr).write(result.output);
  if (result.code !== 0) stop(result);
}

// CI installs Debian's packages and starts Redis and PostgreSQL while the first stage runs (.ci/run):
// the stages after it wait for them (a file saying ready, or why not).
const ready = process.env.RAMP_TEST_SERVICES_READY;
if (ready) {
  const waited = performance.now();
  while (!existsSync(ready) && !existsSync(`${ready}.failed`)) await new Promise((r) => setTimeout(r, 200));
  if (existsSync(`${ready}.failed`)) {
    console.error(`\nthe test services could not be set up:\n${readFileSync(`${ready}.failed`, 'utf8')}`);
    stop({ code: 1 });
  }
  timings.push(['(services)', (performance.now() - waited) / 1000, 'waited']);
}

// The unit and process tests on RAMP_TEST_NODE when given (CI: Node 24, the image's runtime), first on
// PATH so that what they start (node, npm, npx) runs on it too; else on this Node.
const testNode = process.env.RAMP_TEST_NODE;
const unit = testNode
  ? {
      command: [testNode, 'node_modules/vitest/vitest.mjs', 'run'],
      env: { ...process.env, PATH: `${dirname(testNode)}${delimiter}${process.env.PATH ?? ''}` },
    }
  : {};
for (const script of ['test:unit', 'test:scan', 'test:size']) {
  console.log(`\n▸ ${script}${script === 'test:unit' && testNode ? ` (on ${testNode})` : ''}`);
  const result = await run(script, script === 'test:unit' ? unit : {});
  record(result);
  if (result.code !== 0) stop(result);
}

// The browsers: Chromium's suite beside the WebKit and Firefox lanes (e2e/engines), which take their
// servers, ports and X displays from a range of their own (E2E_PORT_BASE + 30); the lanes' output is
// printed whole once they end.
console.log('\n▸ test:e2e (Chromium) beside test:engines (WebKit, Firefox)');
const base = Number(process.env.E2E_PORT_BASE ?? 8790);
const browsers = await Promise.all([
  run('test:e2e'),
  run('test:engines', { quiet: true, env: { ...process.env, E2E_PORT_BASE: String(base + 30) } }),
]);
for (const result of browsers) {
  record(result);
  if (result.script === 'test:engines') {
    console.log('\n▸ test:engines');
    (result.code === 0 ? process.stdout : process.stderr).write(result.output);
  }
}
const failed = browsers.find((r) => r.code !== 0);
if (failed) stop(failed);
summary();
