import { createAdaptorServer } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
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
  s503: { kind: 'status', status: 503 }, malformed: { kind: 'malformed' }, drop: { kind: 'drop' }, latency: { kind: 'latency', latencyMs: 300 }, hang: { kind: 'hang' },
};
const rules = Object.entries(kinds).filter(([k]) => kindArg === 'all' || kindArg.split(',').includes(k)).map(([, r]) => ({ ...r, rate: 0.1 }));
sandbox.faults.set(rules);
let stuck = 0;
const server = createAdaptorServer({ fetch: async (req, b) => { const t = setTimeout(() => stuck++, 8000); const r = await app.fetch(req, b); clearTimeout(t); return r; } });
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const body = JSON.stringify({ countryCode: 'US', sourceCurrencyCode: 'USD', sourceAmount: 100, destinationCurrencyCode: 'BTC' });
const res = await new Promise<autocannon.Result>((ok, ko) => autocannon({ url, connections: 50, duration: 12, requests: [{ method: 'POST', path: '/api/ramp/payments/crypto/quote', headers: { 'content-type': 'application/json' }, body }] }, (e, r) => e ? ko(e) : ok(r)));
await new Promise((r) => setTimeout(r, 9000));
console.log(kindArg, 'requests', res.requests.total, 'timeouts', res.timeouts, 'stuck', stuck);
process.exit(0);
