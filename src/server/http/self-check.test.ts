// The self-check of what the server sends: a development aid, on only when asked (the option
// selfCheck, RAMP_SELF_CHECK=1), never because a test runner set NODE_ENV=test (Jest does, in a
// merchant's own tests of an app that embeds the server). On, an answer off its declared schema is
// a 500 that names the field and the rule, never the value the answer held; the start says it is on.
import { afterEach, describe, expect, it } from 'vitest';
import { createRampServer } from '../index';
import type { RampServer, RampServerOptions } from '../index';
import { resolveConfig } from '../config/config';
import { loadConfig } from '../config/env';
import { openEmbeddedLedger } from '../storage/ledger';
import { order } from '../testing/ledger-records';
import { createMemoryLogger } from './log';

const ADMIN = 'self-check-admin-token-0123456789';
/** A value the order schema refuses (direction is buy or sell), which no answer may repeat. */
const ODD = 'card-4111111111111111';

const servers: RampServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

/** A server whose ledger holds one order off its schema, and a read of it as the console reads it. */
async function start(options: RampServerOptions) {
  const ledger = await openEmbeddedLedger(null);
  await ledger.orders.record(order('ses_selfcheck', { direction: ODD as 'buy' }), []);
  const log = createMemoryLogger();
  const ramp = createRampServer({ adminToken: ADMIN, ...options }, { ledger, static: null, log });
  servers.push(ramp);
  await ramp.ready();
  const read = () =>
    ramp.fetch(
      new Request('http://127.0.0.1:8787/api/ramp/orders/ses_selfcheck', {
        headers: { Authorization: `Bearer ${ADMIN}` },
      }),
      { ip: '127.0.0.1' },
    );
  const said = (msg: string) => log.lines.some((l) => (JSON.parse(l) as { msg: string }).msg === msg);
  return { read, log, said };
}

describe('the self-check of answers', () => {
  it('is off unless asked, NODE_ENV=test or not: the answer goes out as it was made, and nothing is said', async () => {
    expect(process.env.NODE_ENV).toBe('test');
    const { read, said } = await start({});
    const res = await read();
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ order: { sessionId: 'ses_selfcheck', direction: ODD } });
    expect(said('self-check on')).toBe(false);
  });

  it('asked for, answers an answer off its schema with a 500 naming the field and the rule, not the value', async () => {
    const { read, log, said } = await start({ selfCheck: true });
    expect(said('self-check on')).toBe(true);
    const res = await read();
    expect(res.status).toBe(500);
    const text = await res.text();
    const body = JSON.parse(text) as { code: string; message: string };
    expect(body.code).toBe('INTERNAL_ERROR');
    expect(body.message).toBe(
      `getOrder's 200 answer strays from its schema: order.direction: expected ("buy" | "sell")`,
    );
    expect(text + log.lines.join('\n')).not.toContain(ODD);
  });

  it('is RAMP_SELF_CHECK=1 in the environment (a known variable)', () => {
    expect(resolveConfig(loadConfig({ RAMP_SELF_CHECK: '1' })).selfCheck).toBe(true);
    expect(resolveConfig(loadConfig({})).selfCheck).toBe(false);
  });
});
