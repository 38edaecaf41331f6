// scripts/scan-dist.mjs, run as npm test runs it, on planted builds in a temporary folder: it must
// catch a secret in any of the forms it looks for, say where without saying what, and pass a clean
// build (including the server's own `BASIC ${key}` template).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SCRIPT = resolve(import.meta.dirname, '../../../scripts/scan-dist.mjs');
const PLANTED = 'rk_live_planted_Q8v2Xz7Lm4';

function scan(files: Record<string, string>, env: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'rc-scan-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  try {
    const out = execFileSync(process.execPath, [SCRIPT, dir], {
      env: { PATH: process.env.PATH ?? '', ...env },
      encoding: 'utf8',
      stdio: 'pipe',
    });
    return { code: 0, out };
  } catch (e) {
    const err = e as { status: number; stderr: string; stdout: string };
    return { code: err.status, out: `${err.stdout}${err.stderr}` };
  }
}

const CLEAN = {
  'hosted/index.html': '<!doctype html><script type="module" src="/assets/index-1.js"></script>',
  'hosted/assets/index-1.js': 'const a="Basic authentication is not used here";export{a}',
  'embed/ramp-checkout.js': '(function(){window.RampCheckout={}})()',
  'server/main.js': 'headers.set("Authorization", `BASIC ${apiKey}`);',
};

const serverMap = (withContent: boolean) =>
  JSON.stringify({
    version: 3,
    sources: ['../../src/widget/RampCheckout.tsx', '../../src/server/tokens.ts'],
    ...(withContent ? { sourcesContent: ['export {}', 'const secret = process.env.X'] } : {}),
    mappings: '',
  });

describe('scripts/scan-dist.mjs', () => {
  it('passes a clean build', () => {
    const r = scan(CLEAN, { RAMP_API_KEY: PLANTED, SHORT_TOKEN: 'abc' });
    expect(r.out).toContain('no secrets found');
    expect(r.code).toBe(0);
  });

  it.each([
    ['as text', PLANTED],
    ['as base64', Buffer.from(PLANTED).toString('base64')],
    ['as base64url', Buffer.from(PLANTED).toString('base64url')],
  ])('catches a planted secret %s and names the variable, not the value', (_form, planted) => {
    const r = scan(
      { ...CLEAN, 'hosted/assets/index-1.js': `const k=${JSON.stringify(planted)};export{k}` },
      { RAMP_API_KEY: PLANTED },
    );
    expect(r.code).toBe(1);
    expect(r.out).toContain('index-1.js: contains the value of $RAMP_API_KEY');
    expect(r.out).not.toContain(PLANTED);
  });

  it.each(['MY_SECRET', 'DB_PASSWORD', 'GITHUB_TOKEN', 'ramp_api_key'])('looks at %s', (name) => {
    const r = scan({ ...CLEAN, 'embed/ramp-checkout.js': `x="${PLANTED}"` }, { [name]: PLANTED });
    expect(r.code).toBe(1);
  });

  it('ignores short values and other variables', () => {
    expect(scan({ ...CLEAN, 'embed/ramp-checkout.js': 'x="abc1234"' }, { API_KEY: 'abc1234' }).code).toBe(0);
    expect(scan({ ...CLEAN, 'embed/ramp-checkout.js': `x="${PLANTED}"` }, { RAMP_MODE: PLANTED }).code).toBe(
      0,
    );
  });

  it('catches a hard-coded Basic credential in any case', () => {
    for (const line of [
      'Authorization: "Basic dXNlcjpwYXNzd29yZDEyMw=="',
      'h.set("authorization","BASIC sk_live_abc123def456ghi")',
    ]) {
      const r = scan({ ...CLEAN, 'lib/index.js': line });
      expect(r.code).toBe(1);
      expect(r.out).toContain('lib/index.js: contains a Basic credential');
    }
  });

  it('catches a browser artifact whose source map embeds server sources, linked or inline', () => {
    const linked = scan({
      ...CLEAN,
      'hosted/assets/index-1.js': 'export{}\n//# sourceMappingURL=index-1.js.map',
      'hosted/assets/index-1.js.map': serverMap(false),
    });
    expect(linked.code).toBe(0); // sources listed but not embedded: nothing of the server ships
    const embedded = scan({
      ...CLEAN,
      'hosted/assets/index-1.js': 'export{}\n//# sourceMappingURL=index-1.js.map',
      'hosted/assets/index-1.js.map': serverMap(true),
    });
    expect(embedded.code).toBe(1);
    expect(embedded.out).toContain('embeds server source ../../src/server/tokens.ts');
    const inline = scan({
      ...CLEAN,
      'embed/ramp-checkout.js': `x()\n//# sourceMappingURL=data:application/json;base64,${Buffer.from(serverMap(true)).toString('base64')}`,
    });
    expect(inline.code).toBe(1);
    expect(inline.out).toContain('ramp-checkout.js: its source map embeds server source');
    // The server bundle is never served: its own map may keep its sources.
    expect(scan({ ...CLEAN, 'server/main.js.map': serverMap(true) }).code).toBe(0);
  });

  it('fails when there is no build to scan', () => {
    const out = (() => {
      try {
        execFileSync(process.execPath, [SCRIPT, join(tmpdir(), 'rc-scan-missing-dir')], { stdio: 'pipe' });
        return { code: 0, text: '' };
      } catch (e) {
        const err = e as { status: number; stderr: Buffer };
        return { code: err.status, text: err.stderr.toString() };
      }
    })();
    expect(out.code).toBe(1);
    expect(out.text).toContain('npm run build');
  });
});
