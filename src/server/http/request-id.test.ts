// The request id and the request log line, through createRampServer's fetch: a balancer's valid
// X-Request-Id is kept (in the answer, the error body and the log), any other is replaced by our own;
// the log line names the client's address (behind RAMP_TRUST_PROXY, the forwarded one).
import { describe, expect, it } from 'vitest';
import { testServer } from '../testing/server';

async function server(options: { trustProxy?: number } = {}) {
  const t = testServer({ options });
  const ramp = t.server;
  await ramp.ready();
  const requestLines = () =>
    t.lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === 'request');
  return { ramp, requestLines };
}

const UUID = /^[0-9a-f-]{36}$/;

describe('X-Request-Id', () => {
  it("keeps a balancer's valid id in the answer, the error body and the log line", async () => {
    const { ramp, requestLines } = await server();
    const id = 'Root=1-67891233-abcdef012345678912345678';
    const res = await ramp.fetch(
      new Request('http://localhost/api/ramp/nowhere', { headers: { 'X-Request-Id': id } }),
      {
        ip: '198.51.100.4',
      },
    );
    expect(res.status).toBe(404);
    expect(res.headers.get('x-request-id')).toBe(id);
    expect(((await res.json()) as { requestId: string }).requestId).toBe(id);
    expect(requestLines().at(-1)).toMatchObject({ requestId: id, client: '198.51.100.4' });
  });

  it.each([
    ['too short', 'abc'],
    ['with a space', 'id with space 123'],
    ['with a quote', 'abc"def12345'],
    ['too long', 'a'.repeat(129)],
  ])('replaces one %s by its own', async (_, id) => {
    const { ramp } = await server();
    const res = await ramp.fetch(
      new Request('http://localhost/healthz', { headers: { 'X-Request-Id': id } }),
      {
        ip: '198.51.100.4',
      },
    );
    expect(res.headers.get('x-request-id')).toMatch(UUID);
  });

  it('makes one when none comes', async () => {
    const { ramp } = await server();
    const res = await ramp.fetch(new Request('http://localhost/healthz'), { ip: '198.51.100.4' });
    expect(res.headers.get('x-request-id')).toMatch(UUID);
  });
});

describe('the request log line', () => {
  it("names the forwarded client behind RAMP_TRUST_PROXY, the socket's peer otherwise", async () => {
    const trusting = await server({ trustProxy: 1 });
    await trusting.ramp.fetch(
      new Request('http://localhost/healthz', { headers: { 'X-Forwarded-For': '203.0.113.50' } }),
      { ip: '10.0.0.9' },
    );
    expect(trusting.requestLines().at(-1)).toMatchObject({ client: '203.0.113.50', path: '/healthz' });
    const direct = await server();
    await direct.ramp.fetch(
      new Request('http://localhost/healthz', { headers: { 'X-Forwarded-For': '203.0.113.50' } }),
      { ip: '10.0.0.9' },
    );
    expect(direct.requestLines().at(-1)).toMatchObject({ client: '10.0.0.9' });
  });
});
