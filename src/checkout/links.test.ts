import { describe, expect, it } from 'vitest';
import type { Transaction } from '../api/types';
import { EXPLORER_TEMPLATES, explorerUrl } from './explorers';
import { statusLinks, usedBefore } from './links';

const tx = (over: Partial<Transaction> = {}): Transaction => ({ id: 't1', status: 'PROCESSING', ...over });
const HASH = 'a'.repeat(64);

describe('statusLinks', () => {
  it('the partner page, only as an http(s) link', () => {
    expect(statusLinks(tx({ serviceProviderTransactionUrl: 'https://p.example/o/1' }), 'BITCOIN')).toEqual({
      partnerUrl: 'https://p.example/o/1',
    });
    expect(statusLinks(tx({ serviceProviderTransactionUrl: 'javascript:alert(1)' }), 'BITCOIN')).toEqual({});
    expect(statusLinks(null, 'BITCOIN')).toEqual({});
  });

  it('the verification page while the status is TWO_FA_REQUIRED, the first one not done', () => {
    const mfa = [
      { method: 'SMS', successful: true, url: 'https://p.example/sms' },
      { method: 'THREE_DS', submitted: false, url: 'https://p.example/3ds' },
    ];
    expect(
      statusLinks(tx({ status: 'TWO_FA_REQUIRED', multiFactorAuthorizationStatus: mfa }), undefined),
    ).toEqual({
      verifyUrl: 'https://p.example/3ds',
    });
    expect(
      statusLinks(tx({ status: 'TWO_FA_PROVIDED', multiFactorAuthorizationStatus: mfa }), undefined),
    ).toEqual({});
    expect(
      statusLinks(
        tx({ status: 'TWO_FA_REQUIRED', multiFactorAuthorizationStatus: [{ url: 'data:text/html,x' }] }),
        undefined,
      ),
    ).toEqual({});
  });

  it('the explorer link of the chain once there is a blockchain transaction id', () => {
    const settled = tx({ status: 'SETTLED', cryptoDetails: { blockchainTransactionId: HASH } });
    expect(statusLinks(settled, 'BITCOIN').explorerUrl).toBe(`https://mempool.space/tx/${HASH}`);
    expect(statusLinks(settled, 'ethereum').explorerUrl).toBe(`https://etherscan.io/tx/${HASH}`);
    expect(statusLinks(settled, 'XRP_LEDGER').explorerUrl).toBe(
      `https://livenet.xrpl.org/transactions/${HASH}`,
    );
    expect(statusLinks(settled, 'NOWHERE').explorerUrl).toBeUndefined();
    expect(statusLinks(tx(), 'BITCOIN').explorerUrl).toBeUndefined();
  });
});

describe('explorerUrl', () => {
  it('every template is an https page with one {tx}', () => {
    for (const t of Object.values(EXPLORER_TEMPLATES)) {
      expect(t).toMatch(/^https:\/\/[^{}]+\{tx\}$/);
    }
  });
  it('refuses an id that could change the path', () => {
    expect(explorerUrl('BITCOIN', '../../evil?x=1')).toBeUndefined();
    expect(explorerUrl('BITCOIN', 'short')).toBeUndefined();
  });
});

describe('usedBefore', () => {
  it('marks an offer of a partner the customer used', () => {
    expect(usedBefore({ previouslyUsed: '2026-01-02T03:04:05Z' })).toBe(true);
    expect(usedBefore({})).toBe(false);
  });
});
