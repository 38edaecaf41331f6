import { describe, expect, it } from 'vitest';
import { needsWalletTag, validateWalletTag, walletTagRule } from './wallet-tag';

describe('wallet tags', () => {
  it('knows the currencies that need a tag, by chain first, then by native code', () => {
    for (const code of ['XRP', 'XLM', 'HBAR', 'EOS', 'ATOM', 'TON', 'ALGO'])
      expect(needsWalletTag(code)).toBe(true);
    for (const code of ['BTC', 'ETH', 'USDC', 'SOL', undefined]) expect(needsWalletTag(code)).toBe(false);
    // A token on a memo chain needs the memo too; the same token elsewhere does not.
    expect(needsWalletTag('USDC', 'STELLAR')).toBe(true);
    expect(needsWalletTag('USDC', 'ETHEREUM')).toBe(false);
    expect(walletTagRule('xrp', 'xrp ledger')).toMatchObject({ kind: 'destinationTag' });
  });

  it('an XRP destination tag is an unsigned 32-bit number', () => {
    const rule = walletTagRule('XRP')!;
    expect(validateWalletTag('12345', rule)).toEqual({ ok: true });
    expect(validateWalletTag('4294967295', rule)).toEqual({ ok: true });
    expect(validateWalletTag('4294967296', rule)).toEqual({ ok: false, reason: 'tooLong' });
    expect(validateWalletTag('12a', rule)).toEqual({ ok: false, reason: 'format' });
    expect(validateWalletTag('-1', rule)).toEqual({ ok: false, reason: 'format' });
    expect(validateWalletTag('  ', rule)).toEqual({ ok: false, reason: 'empty' });
  });

  it('a memo is printable text within the ledger byte limit', () => {
    const rule = walletTagRule('XLM')!;
    expect(validateWalletTag('order 42', rule)).toEqual({ ok: true });
    expect(validateWalletTag('x'.repeat(29), rule)).toEqual({ ok: false, reason: 'tooLong' });
    expect(validateWalletTag('bad\u0000memo', rule)).toEqual({ ok: false, reason: 'format' });
  });
});
