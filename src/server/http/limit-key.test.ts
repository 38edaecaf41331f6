// Per-client allowances key an IPv6 client by its /64, through createRampServer's fetch as a Web host
// calls it with the client's address: a hundred addresses of one /64 share one quote allowance.
import { describe, expect, it } from 'vitest';
import { testServer } from '../testing/server';
import { BUY_SESSION, QUOTE_PATH, json, quoteFor } from '../testing/upstream';
import { limitKey } from './client-address';

const t = testServer({ upstream: 'fake', env: { RAMP_RATE_LIMIT_QUOTE: '1/3' } });
const quote = (ip: string) => t.request(QUOTE_PATH, json(quoteFor(BUY_SESSION)), ip);

describe('per-client limits and IPv6', () => {
  it('key an IPv6 address by its /64, however it is written, and an IPv4 address whole', () => {
    expect(limitKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(limitKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(limitKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(limitKey('::1')).toBe('0:0:0:0::/64');
    expect(limitKey('192.0.2.7')).toBe('192.0.2.7');
  });

  it('give a hundred addresses of one /64 one allowance, and another /64 its own', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 100; i++) statuses.push((await quote(`2001:db8:1:2::${i.toString(16)}`)).status);
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses.slice(3).every((s) => s === 429)).toBe(true);
    expect((await quote('2001:db8:1:3::1')).status).toBe(200);
  });
});
