// The one-clock rule (eslint.config.js): server code reads the time of day from the `now` it is
// given, never from Date.now or new Date(); tests, test kits and the sandbox keep their own.
import { ESLint } from 'eslint';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: resolve(import.meta.dirname, '../..') });

async function clockErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

describe('the one-clock lint rule', () => {
  it.each([
    ['src/server/merchant/late.ts', 'export const at = () => Date.now();'],
    ['src/server/http/fallback.ts', 'export const clock = (now?: () => number) => now ?? Date.now;'],
    ['src/server/storage/note.ts', 'export const since = () => new Date().toISOString();'],
  ])(
    'fails %s reading the system clock',
    async (file, code) => {
      expect(await clockErrors(file, code)).toEqual([expect.stringMatching(/one clock/)]);
    },
    30_000,
  );

  it.each([
    ['src/server/http/clock.ts', 'export const systemClock = () => Date.now();'],
    ['src/server/merchant/dates.ts', 'export const iso = (at: number) => new Date(at).toISOString();'],
    ['src/server/merchant/late.test.ts', 'export const at = () => Date.now();'],
    ['src/sandbox/late.ts', 'export const at = () => Date.now();'],
  ])(
    'lets %s',
    async (file, code) => {
      expect(await clockErrors(file, code)).toEqual([]);
    },
    30_000,
  );
});
