// The shipped balancer configuration, deploy/haproxy.cfg, run unchanged by Debian's HAProxy in front
// of three built servers under steady load (reads and quotes, over kept-alive connections): each
// instance restarted in turn as systemd restarts a service (SIGTERM to its process group, the drain,
// a new process on the same port), then one killed with SIGKILL. Not one request fails: the health
// check on /readyz takes a stopping instance out during its drain, and a request that reaches an
// instance as it goes (refused, or its connection closed without an answer) is sent to another.
// Every wait is on what HAProxy logs or an instance says, never on time passing.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isBuilt } from '../../test/built';
import { startInstance, startUpstream } from '../testing/cluster';
import { SERVER_ENTRY } from '../testing/process';
import type { CountingUpstream, Instance } from '../testing/cluster';
import { startHaproxy, stateChange } from '../testing/haproxy';
import type { Haproxy } from '../testing/haproxy';
import { QUOTE_BODY } from '../testing/session';
import { freePort, requireProgram } from '../testing/services';

const built = isBuilt(SERVER_ENTRY);
const haproxy = built ? requireProgram('deploy/haproxy.cfg under restarts', 'haproxy') : undefined;

/** Each instance's drain, and HAProxy's check interval from it: two failed checks take well under the drain. */
const DRAIN_MS = 600;
const CHECK_MS = DRAIN_MS / 6;
const COUNTRIES = '/api/ramp/network-partner/supported/countries?category=CRYPTO_ONRAMP';

describe.runIf(haproxy)('deploy/haproxy.cfg in front of three instances', { timeout: 60_000 }, () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('loses no request while the instances restart one by one and one is killed', async () => {
    const upstream: CountingUpstream = await startUpstream();
    cleanups.push(() => upstream.close());
    const ports = [await freePort(), await freePort(), await freePort()];
    const start = (port: number) =>
      startInstance(
        {
          PORT: String(port),
          RAMP_API_BASE_URL: upstream.origin,
          RAMP_API_KEY: upstream.apiKey,
          RAMP_DATA_DIR: mkdtempSync(join(tmpdir(), 'ramp-haproxy-')),
          RAMP_DRAIN_MS: String(DRAIN_MS),
          RAMP_TRUST_PROXY: '1',
          RAMP_RATE_LIMIT_QUOTE: '100000/10000',
          RAMP_RATE_LIMIT_DISCOVERY: '100000/10000',
        },
        { group: true },
      );
    const instances: Instance[] = await Promise.all(ports.map(start));
    cleanups.push(() => Promise.all(instances.map((i) => i.stop('SIGKILL'))).then(() => undefined));
    const lb: Haproxy = await startHaproxy(
      haproxy!,
      ports.map((p) => `127.0.0.1:${p}`),
      CHECK_MS,
    );
    cleanups.push(() => lb.close());
    // A client's own X-Forwarded-For is kept, HAProxy's entry appended to it in the same header: the
    // instance reads the last (RAMP_TRUST_PROXY=1) and refuses none.
    const forwarded = await fetch(`${lb.origin}/healthz`, { headers: { 'X-Forwarded-For': '203.0.113.9' } });
    expect(forwarded.status).toBe(200);

    // Four clients, each sending one request after another until the restarts are over.
    const failures: string[] = [];
    let answered = 0;
    let running = true;
    const waiters = new Set<{ until: number; ok: () => void }>();
    /** Resolves once `more` requests have been answered from now: traffic went on meanwhile. */
    const whenServed = (more: number) =>
      new Promise<void>((ok) => void waiters.add({ until: answered + more, ok }));
    const client = async (n: number) => {
      for (let i = 0; running; i++) {
        const quote = (n + i) % 2 === 0;
        const res = await fetch(
          `${lb.origin}${quote ? '/api/ramp/payments/crypto/quote' : COUNTRIES}`,
          quote
            ? {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify(QUOTE_BODY),
              }
            : {},
        ).catch((e: Error) => e);
        if (res instanceof Error) failures.push(`${quote ? 'quote' : 'countries'}: ${res.message}`);
        else {
          const body = await res.text();
          if (res.status === 200) answered++;
          else failures.push(`${quote ? 'quote' : 'countries'}: ${res.status} ${body}`);
          for (const w of waiters) {
            if (answered < w.until) continue;
            waiters.delete(w);
            w.ok();
          }
        }
      }
    };
    const clients = [0, 1, 2, 3].map(client);
    await whenServed(20);

    // A rolling restart: each instance stopped as systemd stops a service and started again on its
    // port; the next one only once HAProxy has this one back in rotation.
    for (const [i, port] of ports.entries()) {
      const name = `ramp-${i + 1}`;
      await instances[i]!.stop('SIGTERM');
      await lb.whenLogged(stateChange(name, 'DOWN'));
      instances[i] = await start(port);
      await lb.whenLogged(stateChange(name, 'UP'));
      await whenServed(20);
    }
    // One dies: no drain, its connections cut, its port refusing until HAProxy's checks take it out.
    await instances[1]!.stop('SIGKILL');
    await lb.whenLogged(stateChange('ramp-2', 'DOWN'), 2);
    await whenServed(20);
    running = false;
    await Promise.all(clients);

    expect(failures).toEqual([]);
    expect(answered).toBeGreaterThan(100);
    // Back in rotation on the check itself (HTTP/1.0, no Host header), answered 200 by /readyz.
    expect(lb.log().match(/is UP, reason: Layer7 check passed, code: 200/g)).toHaveLength(3);
  });
});
