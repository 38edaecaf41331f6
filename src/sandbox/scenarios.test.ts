// The variants of the real service the sandbox can produce (issue 14), each switchable.
import { describe, expect, it } from 'vitest';
import type { Transaction } from '../api/types';
import { buySession, createTestSandbox, type TestSandbox } from './test-kit';

const QUOTE = {
  countryCode: 'US',
  sourceCurrencyCode: 'USD',
  sourceAmount: 100,
  destinationCurrencyCode: 'BTC',
};
const XRP_WALLET = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';
const buy = buySession;

type Quotes = { quotes: Record<string, unknown>[] };

async function pay(t: TestSandbox, body: unknown) {
  const { body: s } = await t.postJson<{ id: string; widgetUrl: string }>('/crypto/session/widget', body);
  await t.sandbox.fetch(s.widgetUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ action: 'pay' }),
    redirect: 'manual',
  });
  return s.id;
}

describe('sandbox scenarios', () => {
  it('a partner whose quote items leave out a field', async () => {
    const t = createTestSandbox();
    const full = (await t.postJson<Quotes>('/payments/crypto/quote', QUOTE)).body.quotes;
    expect(full.every((q) => 'destinationAmount' in q)).toBe(true);
    t.sandbox.scenarios.set({ incompleteQuotes: { TRANSAK: ['destinationAmount', 'sourceAmount'] } });
    const quotes = (await t.postJson<Quotes>('/payments/crypto/quote', QUOTE)).body.quotes;
    const transak = quotes.find((q) => q.serviceProvider === 'TRANSAK')!;
    expect(transak).not.toHaveProperty('destinationAmount');
    expect(transak).not.toHaveProperty('sourceAmount');
    expect(quotes.filter((q) => q.serviceProvider !== 'TRANSAK').every((q) => 'destinationAmount' in q)).toBe(
      true,
    );
    t.sandbox.scenarios.clear();
    expect((await t.postJson<Quotes>('/payments/crypto/quote', QUOTE)).body.quotes).toEqual(full);
  });

  it('a partner whose transactions cannot be read by session; the search by session or externalSessionId finds them', async () => {
    const t = createTestSandbox({ scenarios: { bySessionUnsupported: ['BANXA'] } });
    const id = await pay(t, buy({}, { externalSessionId: 'ext-unsupported-1' }));
    const bySession = await t.getJson<{ code: string }>(`/payments/transactions/sessions/${id}`);
    expect(bySession).toMatchObject({
      status: 404,
      body: { code: 'TRANSACTION_FETCH_BY_SESSION_PROVIDER_UNSUPPORTED' },
    });
    const search = await t.getJson<{ transactions: Transaction[] }>(
      '/payments/transactions?externalSessionIds=ext-unsupported-1',
    );
    expect(search.body.transactions).toEqual([expect.objectContaining({ sessionId: id, status: 'PENDING' })]);
    // The service's own record carries the session id (required in its schema): the search by it works.
    const bySessionIds = await t.getJson<{ transactions: Transaction[] }>(
      `/payments/transactions?sessionIds=${id}`,
    );
    expect(bySessionIds.body.transactions).toEqual([expect.objectContaining({ sessionId: id })]);
  });

  it('a currency that needs a tag: an XRP buy without walletTag is refused, with one it is kept', async () => {
    const t = createTestSandbox();
    const xrp = { destinationCurrencyCode: 'XRP', walletAddress: XRP_WALLET };
    const missing = await t.postJson<{ code: string; errors: string[] }>('/crypto/session/widget', buy(xrp));
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual(['[sessionData.walletTag] is required for XRP']);
    const bad = await t.postJson<{ code: string }>('/crypto/session/widget', buy({ ...xrp, walletTag: 'x' }));
    expect(bad.status).toBe(400);
    const ok = await t.postJson<{ id: string }>(
      '/crypto/session/widget',
      buy({ ...xrp, walletTag: '12345' }),
    );
    expect(ok.status).toBe(200);
  });

  it('TWO_FA_REQUIRED with a verification URL, then on to SETTLED', async () => {
    const t = createTestSandbox({ publicBaseUrl: 'http://127.0.0.1:8787/sandbox' });
    t.sandbox.scenarios.set({ twoFactor: ['BANXA'] });
    const id = await pay(t, buy());
    const read = async () =>
      (await t.getJson<{ transaction: Transaction }>(`/payments/transactions/sessions/${id}`)).body
        .transaction;
    t.advance(1000);
    const required = await read();
    expect(required.status).toBe('TWO_FA_REQUIRED');
    expect(required.multiFactorAuthorizationStatus).toEqual([
      {
        method: 'THREE_DS',
        submitted: false,
        successful: false,
        url: `http://127.0.0.1:8787/sandbox/provider/verify/${id}`,
      },
    ]);
    const page = await t.sandbox.fetch(required.multiFactorAuthorizationStatus![0]!.url!);
    expect(page.status).toBe(200);
    t.advance(10_000);
    const settled = await read();
    expect(settled.status).toBe('SETTLED');
    expect(settled.multiFactorAuthorizationStatus?.[0]).toMatchObject({ submitted: true, successful: true });
  });

  it('rampIntelligence.previouslyUsed on the partner a customer paid with before', async () => {
    const t = createTestSandbox();
    const quote = { ...QUOTE, externalCustomerId: 'rcc_returning' };
    const before = (await t.postJson<Quotes>('/payments/crypto/quote', quote)).body.quotes;
    expect(before.some((q) => (q.rampIntelligence as { previouslyUsed?: string }).previouslyUsed)).toBe(
      false,
    );
    await pay(t, buy({}, { externalCustomerId: 'rcc_returning' }));
    const after = (await t.postJson<Quotes>('/payments/crypto/quote', quote)).body.quotes;
    const used = after.filter((q) => (q.rampIntelligence as { previouslyUsed?: string }).previouslyUsed);
    expect(used.map((q) => q.serviceProvider)).toEqual(['BANXA']);
    // Another customer has no history.
    const other = (
      await t.postJson<Quotes>('/payments/crypto/quote', { ...QUOTE, externalCustomerId: 'rcc_new' })
    ).body.quotes;
    expect(other.some((q) => (q.rampIntelligence as { previouslyUsed?: string }).previouslyUsed)).toBe(false);
  });

  it("failing: the share of a partner's paid transactions that fail, spread evenly from the first; others settle", async () => {
    const t = createTestSandbox();
    t.sandbox.scenarios.set({ failing: { BANXA: 0.75 } });
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) ids.push(await pay(t, buy()));
    const other = await pay(t, buy({ serviceProvider: 'TRANSAK' }));
    t.advance(30_000);
    const statusOf = async (id: string) =>
      (await t.getJson<{ transaction: Transaction }>(`/payments/transactions/sessions/${id}`)).body
        .transaction.status;
    const statuses = [];
    for (const id of ids) statuses.push(await statusOf(id));
    expect(statuses).toEqual([
      'FAILED',
      'FAILED',
      'FAILED',
      'SETTLED',
      'FAILED',
      'FAILED',
      'FAILED',
      'SETTLED',
    ]);
    expect(await statusOf(other)).toBe('SETTLED');
    // Off by default: cleared, every paid transaction settles again.
    t.sandbox.scenarios.clear();
    const after = await pay(t, buy());
    t.advance(30_000);
    expect(await statusOf(after)).toBe('SETTLED');
  });
});
