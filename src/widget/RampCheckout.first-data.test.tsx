// @vitest-environment jsdom
// The hosted page's first data (server/http/first-data.ts): the widget seeds its cache with the
// bootstrap answer the page came with, and shows the first price without asking for it again.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTestServer } from '../queries/test-server';
import { seedFromPage } from '../queries';
import { mountWidget, PREFILLED } from './test-mount';

/** The widget's own first request and its answer, as the server would write them into the page. */
async function pageData(server = createTestServer()) {
  const first = mountWidget(PREFILLED, {}, server);
  await screen.findByRole('radiogroup', { name: 'Quotes' });
  const path = server.requests[0]!.path;
  first.view.unmount();
  const res = await server.fetch(`https://ramp.test/api/ramp${path}`);
  return { request: `/api/ramp${path}`, answer: (await res.json()) as unknown };
}

describe('the first data the page came with', () => {
  it('shows the quotes without asking for the bootstrap', async () => {
    const firstBootstrap = await pageData();
    expect(firstBootstrap.request).toMatch(/^\/api\/ramp\/bootstrap\?.*sourceAmount=100/);
    const w = mountWidget(PREFILLED, { seed: seedFromPage.bind(null, firstBootstrap) });
    await screen.findByRole('radiogroup', { name: 'Quotes' });
    expect(w.server.sent('/bootstrap')).toHaveLength(0);
    expect(w.server.sent('/payments/crypto/quote')).toHaveLength(0);
  });

  it('asks as usual when the page’s answer is for another request, or malformed', async () => {
    const data = await pageData();
    const other = mountWidget({ ...PREFILLED, amount: '250' }, { seed: seedFromPage.bind(null, data) });
    await screen.findByRole('radiogroup', { name: 'Quotes' });
    expect(other.server.sent('/bootstrap')).toHaveLength(1);
    other.view.unmount();
    const bad = mountWidget(PREFILLED, {
      seed: seedFromPage.bind(null, { request: data.request, answer: { countries: 1 } }),
    });
    await screen.findByRole('radiogroup', { name: 'Quotes' });
    expect(bad.server.sent('/bootstrap')).toHaveLength(1);
  });
});
