import { describe, expect, it } from 'vitest';
import { EXPLORER_TEMPLATES } from '../../checkout/explorers';
import { KNOWN_NETWORKS, networkName } from './networks';

describe('networkName', () => {
  it('names networks as shoppers know them', () => {
    expect(networkName('ETHEREUM')).toBe('Ethereum');
    expect(networkName('SOLANA')).toBe('Solana');
    expect(networkName('BSC')).toBe('BNB Chain');
    expect(networkName('bnb smart chain')).toBe('BNB Chain');
    expect(networkName('XRP_LEDGER')).toBe('XRP Ledger');
    expect(networkName('avalanche-c')).toBe('Avalanche C-Chain');
  });

  it('says an unknown code in words, never shouting', () => {
    expect(networkName('NEW_CHAIN')).toBe('New Chain');
    expect(networkName('MOONBEAM')).toBe('Moonbeam');
  });

  it('knows every chain the checkout links an explorer for', () => {
    expect(KNOWN_NETWORKS).toEqual(expect.arrayContaining(Object.keys(EXPLORER_TEMPLATES)));
  });
});
