// The layer rule (eslint.config.js) fails an upward import: run ESLint on a file that makes one.
import { ESLint } from 'eslint';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: resolve(import.meta.dirname, '../..') });

async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter(
      (m) => m.ruleId === 'no-restricted-imports' || m.ruleId === '@typescript-eslint/no-restricted-imports',
    )
    .map((m) => m.message);
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

  // Inside the server: the floors (http, storage, upstream, config) never import the proxy or the
  // merchant backend, not even a type; http never imports storage; proxy and merchant share types only.
  it.each([
    [
      'src/server/storage/stores/up.ts',
      "import type { IdempotentRunner } from '../../proxy/sessions/idempotency';",
    ],
    ['src/server/storage/up.ts', "export { createMerchant } from '../merchant/merchant';"],
    ['src/server/http/up.ts', "import type { Orders } from '../merchant/orders';"],
    ['src/server/http/up.ts', "export { proxyRoutes } from '../proxy/routes';"],
    ['src/server/http/up.ts', "import type { Stores } from '../storage/stores/types';"],
    ['src/server/http/metrics.ts', "import type { Ledger } from '../storage/ledger/ledger';"],
    ['src/server/upstream/up.ts', "import type { SessionResponse } from '../proxy/sessions/sessions';"],
    ['src/server/upstream/up.ts', "export { recordStatus } from '../merchant/record-status';"],
    ['src/server/config/up.ts', "export { policy } from '../proxy/policy';"],
    ['src/server/config/up.ts', "import type { Leases } from '../merchant/jobs/worker';"],
    ['src/server/proxy/side.ts', "export { createMerchant } from '../merchant/merchant';"],
    ['src/server/merchant/side.ts', "export { proxyRoutes } from '../proxy/routes';"],
  ])(
    'fails %s importing upward or sideways inside the server (%s)',
    async (file, code) => {
      expect(await layerErrors(file, code)).toEqual([expect.stringMatching(/must not import/)]);
    },
    30_000,
  );

  // The wire's schemas stay on the server: the browser takes their types, never a value.
  it.each([
    ['src/widget/wire.ts', "import * as v from 'valibot';"],
    ['src/console/wire.ts', "import { OrderSchema } from '../api/proxy/orders';"],
    ['src/api/client.ts', "import { quoteSchema } from './schemas';"],
  ])(
    'fails %s importing a schema as a value (%s)',
    async (file, code) => {
      expect(await layerErrors(file, code)).toEqual([expect.stringMatching(/by type only/)]);
    },
    30_000,
  );

  it('lets the browser import the wire types', async () => {
    expect(
      await layerErrors('src/console/wire.ts', "import type { Order } from '../api/proxy/orders';"),
    ).toEqual([]);
  }, 30_000);

  it.each([
    ['src/server/storage/stores/down.ts', "import { HttpError } from '../../http/errors';"],
    ['src/server/proxy/down.ts', "import type { Stores } from '../storage/stores/types';"],
    ['src/server/merchant/down.ts', "import type { Upstream } from '../upstream/client';"],
    ['src/server/proxy/side.ts', "import type { Orders } from '../merchant/orders';"],
  ])(
    "lets %s import a floor or a sibling's type (%s)",
    async (file, code) => {
      expect(await layerErrors(file, code)).toEqual([]);
    },
    30_000,
  );
});
