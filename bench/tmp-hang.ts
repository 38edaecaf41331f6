import { createSandbox, seededRandom } from '../src/sandbox';
import type { FaultRule } from '../src/sandbox';
import { createApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { createLogger } from '../src/server/log';

const kindArg = process.argv[2] ?? 'all';
const config = loadConfig({ RAMP_RATE_LIMIT_QUOTE: '999999/999999', RAMP_UPSTREAM_TIMEOUT_MS: '500' });
const sandbox = createSandbox({ apiKey: config.upstream.apiKey, random: seededRandom(1) });
const app = createApp(config, { sandbox, log: createLogger({ level: 'error', write: () => {} }) });
const kinds: Record<string, FaultRule> = {
  s503: { kind: 'status', status: 503 }, s500: { kind: 'status', status: 500 }, s429: { kind: 'status', status: 429 },
  malformed: { kind: 'malformed' }, drop: { kind: 'drop' }, latency: { kind: 'latency', latencyMs: 300 }, hang: { kind: 'hang' },
};
const rules = Object.entries(kinds).filter(([k]) => kindArg === 'all' || kindArg.split(',').includes(k)).map(([, r]) => ({ ...r, rate: 0.3 }));
sandbox.faults.set(rules);
let stuck = 0, done = 0;
const body = JSON.stringify({ countryCode: 'US', sourceCurrencyCode: 'USD', sourceAmount: 100, destinationCurrencyCode: 'BTC' });
await Promise.all(Array.from({ length: 400 }, async (_, i) => {
  const p = Promise.resolve(app.request('/api/ramp/payments/crypto/quote', { method: 'POST', headers: { 'content-type': 'application/json' }, body }));
  const r = await Promise.race([p.then((res) => res.status), new Promise((r) => setTimeout(() => r('STUCK'), 5000))]);
  if (r === 'STUCK') stuck++; else done++;
}));
console.log(kindArg, 'done', done, 'stuck', stuck);
process.exit(0);
