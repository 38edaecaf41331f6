// The layer rule (eslint.config.js) fails an upward import: run ESLint on a file that makes one.
import { ESLint } from 'eslint';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: resolve(import.meta.dirname, '../..') });

async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('the layer lint rule', () => {
  it.each([
    ['src/checkout/upward.ts', "export { useHost } from '../ui/steps';"],
    ['src/api/upward.ts', "export { createCheckoutStore } from '../checkout';"],
    ['src/domain/hash/upward.ts', "export { RampError } from '../../api';"],
    ['src/queries/upward.ts', "export { RampCheckout } from '../widget/RampCheckout';"],
    ['src/server/browser.ts', "export { next } from '../checkout/machine';"],
    ['src/sandbox/browser.ts', "export { CheckoutScreen } from '../ui/CheckoutScreen';"],
  ])(
    'fails %s importing a layer above it',
    async (file, code) => {
      expect(await layerErrors(file, code)).toEqual([expect.stringMatching(/must not import this layer/)]);
    },
    30_000,
  );

  it.each([
    ['src/checkout/down.ts', "export { RampError } from '../api';"],
    ['src/server/down.ts', "export { validateAddress } from '../domain';"],
    ['src/widget/down.ts', "export { useHost } from '../ui/steps';"],
  ])(
    'lets %s import downward',
    async (file, code) => {
      expect(await layerErrors(file, code)).toEqual([]);
    },
    30_000,
  );
});
