import { describe, expect, it } from 'vitest';
import { EXPLORER_TEMPLATES } from '../../checkout/explorers';
import { networkName } from './networks';

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

  it('reads right for every chain the checkout links an explorer for', () => {
    const names = Object.keys(EXPLORER_TEMPLATES).map(networkName);
    expect(names).toEqual([
      'Bitcoin',
      'Bitcoin',
      'Ethereum',
      'Ethereum',
      'Polygon',
      'Polygon',
      'Base',
      'Arbitrum',
      'Optimism',
      'BNB Chain',
      'BNB Chain',
      'Avalanche',
      'Avalanche C-Chain',
      'Linea',
      'Solana',
      'Solana',
      'TRON',
      'Litecoin',
      'Dogecoin',
      'Cardano',
      'XRP Ledger',
      'XRP Ledger',
      'XRP Ledger',
      'Stellar',
      'Hedera',
      'Algorand',
      'Cosmos Hub',
      'TON',
    ]);
  });
});
