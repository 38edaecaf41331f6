import { describe, expect, it } from 'vitest';
import { matchesFilters, sameAddress } from './paymentSearch';
import { WALLETS, makeTransactions } from './test-server';

describe('payments filters applied in the console', () => {
  it('compares hex addresses in any letter case, other addresses exactly', () => {
    expect(sameAddress(WALLETS[0], WALLETS[0].toLowerCase())).toBe(true);
    expect(sameAddress(WALLETS[1], WALLETS[1].toUpperCase())).toBe(false);
    expect(sameAddress(WALLETS[0], WALLETS[2])).toBe(false);
  });

  it('checks one record against every filter (for the lookup by id)', () => {
    const t = makeTransactions(7)[6]!; // a settled buy of Transak for shop-user-0, 6 hours before T0
    const limit = 20;
    expect(matchesFilters(t, { limit })).toBe(true);
    expect(
      matchesFilters(t, {
        status: 'SETTLED',
        from: t.createdAt!.slice(0, 10),
        partner: 'TRANSAK',
        type: 'buy',
        customer: 'shop-user-0',
        wallet: t.cryptoDetails!.destinationWalletAddress!,
        limit,
      }),
    ).toBe(true);
    for (const miss of [
      { status: 'FAILED' },
      { from: '2099-01-01' },
      { partner: 'BANXA' },
      { type: 'sell' as const },
      { customer: 'shop-user-1' },
      { wallet: WALLETS[1] },
    ]) {
      expect(matchesFilters(t, { ...miss, limit }), JSON.stringify(miss)).toBe(false);
    }
  });
});
