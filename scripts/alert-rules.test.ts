// deploy/alerts.yml as Prometheus reads it: `promtool check rules` (syntax, PromQL, templates), then
// `promtool test rules deploy/alerts.test.yml` (which alerts fire, when, with what labels, against
// sample series). promtool comes with Debian's prometheus package; without it the suite is skipped
// here and fails in CI.
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { requireProgram } from '../src/server/testing/services';

const promtool = requireProgram('alert rules', 'promtool', 'prometheus');
const deploy = resolve(import.meta.dirname, '../deploy');

/** promtool's exit code and output (it prints its findings on stdout and stderr alike). */
async function run(...args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(promtool!, args, { cwd: deploy, timeout: 30_000 });
    return { code: 0, output: stdout + stderr };
  } catch (e) {
    const failed = e as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

describe.skipIf(!promtool)('deploy/alerts.yml', () => {
  it('is a valid rule file', async () => {
    const checked = await run('check', 'rules', 'alerts.yml');
    expect(checked.output).toMatch(/SUCCESS: \d+ rules found/);
    expect(checked.code).toBe(0);
  });

  it('fires what deploy/alerts.test.yml expects on its sample series', async () => {
    const tested = await run('test', 'rules', 'alerts.test.yml');
    expect(tested.output).toMatch(/SUCCESS/);
    expect(tested.code).toBe(0);
  });
});
