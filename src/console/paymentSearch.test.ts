import { describe, expect, it } from 'vitest';
import type { Transaction } from '../api/types';
import { matchesFilters, sameAddress } from './paymentSearch';

const WALLETS = [
  '0x52908400098527886E0F7030069857D2E4169EE7',
  'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
] as const;

/** A settled buy of Transak for shop-user-0, to the first wallet. */
const BUY: Transaction = {
  id: 'txn_0006',
  status: 'SETTLED',
  transactionType: 'CRYPTO_PURCHASE',
  serviceProvider: 'TRANSAK',
  sourceAmount: 106,
  sourceCurrencyCode: 'USD',
  destinationAmount: 0.07,
  destinationCurrencyCode: 'ETH',
  externalCustomerId: 'shop-user-0',
  createdAt: '2026-09-30T06:00:00Z',
  cryptoDetails: { destinationWalletAddress: WALLETS[0] },
};

describe('payments filters applied in the console', () => {
  it('compares hex addresses in any letter case, other addresses exactly', () => {
    expect(sameAddress(WALLETS[0], WALLETS[0].toLowerCase())).toBe(true);
    expect(sameAddress(WALLETS[1], WALLETS[1].toUpperCase())).toBe(false);
    expect(sameAddress(WALLETS[0], WALLETS[2])).toBe(false);
  });

  it('checks one record against every filter (for the lookup by id)', () => {
    const t = BUY;
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
