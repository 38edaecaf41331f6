// `ramp-checkout/server` as a merchant's TypeScript sees it: a consumer compiled with skipLibCheck off
// under moduleResolution bundler, node16 and nodenext, in a folder with no @types of its own. It
// narrows WebhookEvent by `type` in an exhaustive switch over every webhook type (a switch missing
// one must fail), and uses the SDK surface. Needs the build (npm test builds first).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { WEBHOOK_TYPES } from '../src/server/merchant/webhooks/samples';

const root = resolve(import.meta.dirname, '..');
const built = existsSync(join(root, 'dist/server/types/server/index.d.ts'));
const dir = mkdtempSync(join(tmpdir(), 'ramp-server-types-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const MODES = {
  bundler: { module: 'esnext', moduleResolution: 'bundler' },
  node16: { module: 'node16', moduleResolution: 'node16' },
  nodenext: { module: 'nodenext', moduleResolution: 'nodenext' },
} as const;

const consumer = (types: readonly string[]) => `import {
  ConfigError,
  createRampServer,
  generateTestWebhookHeader,
  loadConfig,
  nodeHandler,
  verifyWebhook,
  WebhookVerificationError,
} from 'ramp-checkout/server';
import type { NodeHandler, RampServer, RampServerOptions, WebhookEvent, WebhookType } from 'ramp-checkout/server';

function unhandled(event: never): never {
  throw new Error(\`unhandled webhook \${JSON.stringify(event)}\`);
}

export function describeEvent(event: WebhookEvent): string {
  switch (event.type) {
${types.map((t) => `    case '${t}':\n      return \`\${event.type} \${event.data.sessionId} \${event.data.sourceAmount.toUpperCase()}\`;`).join('\n')}
    default:
      return unhandled(event);
  }
}

const options: RampServerOptions = { ...loadConfig({}), publicUrl: 'https://shop.example/ramp' };
export const server: RampServer = createRampServer(options);
export const handler: NodeHandler = nodeHandler(server);
export const GET = (request: Request): Promise<Response> => server.fetch(request);
export const kind: WebhookType = 'transaction.completed';
export function receive(body: string | Uint8Array, signature: string | undefined, secret: string): string {
  try {
    return describeEvent(verifyWebhook(body, signature, secret, { toleranceSec: 300 }));
  } catch (e) {
    if (e instanceof WebhookVerificationError) return e.reason;
    if (e instanceof ConfigError) return e.message;
    throw e;
  }
}
export const header: string = generateTestWebhookHeader('{}', 'x'.repeat(32));
`;

function compile(mode: keyof typeof MODES, types: readonly string[]): string {
  const app = join(dir, `${mode}-${types.length}`);
  mkdirSync(join(app, 'node_modules'), { recursive: true });
  if (!existsSync(join(app, 'node_modules/ramp-checkout'))) {
    symlinkSync(root, join(app, 'node_modules/ramp-checkout'), 'dir');
  }
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({ name: 'merchant', private: true, type: 'module' }),
  );
  writeFileSync(join(app, 'consumer.ts'), consumer(types));
  writeFileSync(
    join(app, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        ...MODES[mode],
        target: 'es2022',
        lib: ['es2022', 'dom'],
        strict: true,
        skipLibCheck: false,
        noEmit: true,
        types: [],
      },
      files: ['consumer.ts'],
    }),
  );
  try {
    execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', app], {
      stdio: 'pipe',
    });
    return '';
  } catch (e) {
    return String((e as { stdout?: Buffer }).stdout ?? e);
  }
}

describe.runIf(built)(
  'ramp-checkout/server, compiled by a consumer with skipLibCheck off',
  { timeout: 120_000 },
  () => {
    it.each(Object.keys(MODES) as (keyof typeof MODES)[])('moduleResolution %s: no errors', (mode) => {
      expect(compile(mode, WEBHOOK_TYPES)).toBe('');
    });

    it('a switch that misses a webhook type does not compile', () => {
      const missing = WEBHOOK_TYPES.at(-1)!;
      expect(compile('nodenext', WEBHOOK_TYPES.slice(0, -1))).toMatch(
        new RegExp(`consumer\\.ts.*TS2345.*"${missing.replace('.', '\\.')}"`),
      );
    });
  },
);
