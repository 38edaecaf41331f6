// GET /api/ramp/stats's period, checked where the query comes in: a day outside 2000 to 2100 (year
// 0000, 9999) is refused with a clear 400, never read as a period of days named "-000001-12-…".
import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, testServer } from '../testing/server';

const t = testServer();
const stats = (query: string) =>
  t.request(`/api/ramp/stats${query}`, { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } }, '192.0.2.40');

describe('/api/ramp/stats from and to', () => {
  it.each([
    ['?to=0000-01-05', 'to'],
    ['?from=0000-01-01&to=2026-01-05', 'from'],
    ['?from=1999-12-31&to=2000-01-05', 'from'],
    ['?from=2101-01-01&to=2101-01-02', 'to'],
    ['?to=9999-12-31', 'to'],
  ])('refuses %s: a day from 2000-01-01 to 2100-12-31', async (query, name) => {
    const res = await stats(query);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'INVALID_QUERY_PARAMETER',
      message: `${name}: must be a UTC day from 2000-01-01 to 2100-12-31`,
    });
  });

  it('takes the first and the last of those days', async () => {
    expect((await stats('?from=2000-01-01&to=2000-01-02')).status).toBe(200);
    expect((await stats('?from=2100-12-30&to=2100-12-31')).status).toBe(200);
  });
});
