// `npm test`: every check, in the order that fails soonest and shares the most. The typecheck and the
// lint run side by side (each is one thread); the production build runs once, and the unit and e2e
// stages use it and one packed package (RAMP_TEST_RUN names the run: e2e/fixtures/packed.mjs).
// Each stage's time is printed at the end (docs/TESTING.md keeps a measured run's figures); the
// first failing stage ends the run with its exit code.
import { spawn } from 'node:child_process';

process.env.RAMP_TEST_RUN ??= `run-${Date.now()}`;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npxBin = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const ESC = String.fromCharCode(27);
const ANSI = new RegExp(`${ESC}\\[[0-9;]*m`, 'g');

/**
 * Runs `npm run <script>` (or `npx <args…>` under that name); its output is streamed, or kept and
 * printed whole when `quiet`.
 */
function run(script, { quiet = false, npx } = {}) {
  return new Promise((done) => {
    const started = performance.now();
    const child = spawn(npx ? npxBin : npm, npx ?? ['run', '--silent', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: process.env,
    });
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

// The typecheck and ESLint are one thread each: side by side, each followed by half of the format
// check (`npm run lint:format` in two parts: the server's sources after ESLint, everything else after
// the typecheck), so the two lanes end together (about 47 s; the whole format check after the
// typecheck made that lane 55 s). (The build beside them too made the first stage slower in all, 75 s
// against 67 s on two cores: ESLint then shares a core.)
console.log('▸ typecheck, then the format check of all but src/server; beside them, ESLint, then src/server');
const then = (first, second) =>
  first.then(async (done) => (done.code === 0 ? [done, await second()] : [done]));
const checks = await Promise.all([
  then(run('typecheck', { quiet: true }), () =>
    run('format:rest', { quiet: true, npx: ['prettier', '--check', '.', '!src/server/**'] }),
  ),
  then(run('lint:code', { quiet: true }), () =>
    run('format:server', { quiet: true, npx: ['prettier', '--check', 'src/server'] }),
  ),
]);
for (const result of checks.flat()) {
  record(result);
  if (result.code !== 0) {
    process.stderr.write(result.output);
    stop(result);
  }
}

for (const script of ['build', 'test:unit', 'test:scan', 'test:size', 'test:e2e']) {
  console.log(`\n▸ ${script}`);
  const result = await run(script);
  record(result);
  if (result.code !== 0) stop(result);
}
summary();
