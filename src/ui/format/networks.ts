// Networks as shoppers know them: the one table of display names for the service's chain codes and
// their common aliases (as in src/checkout/explorers.ts). Brand names, the same in every language.
// A code that reads right in title case (ETHEREUM → Ethereum, BASE → Base) needs no entry.
const NAMES: Readonly<Record<string, string>> = {
  BTC: 'Bitcoin',
  ETH: 'Ethereum',
  SOL: 'Solana',
  MATIC: 'Polygon',
  BSC: 'BNB Chain',
  BNB: 'BNB Chain',
  BNB_SMART_CHAIN: 'BNB Chain',
  ARBITRUM_ONE: 'Arbitrum',
  OP_MAINNET: 'Optimism',
  AVALANCHE_C: 'Avalanche C-Chain',
  AVAX: 'Avalanche',
  ZKSYNC: 'zkSync',
  ZKSYNC_ERA: 'zkSync Era',
  TRON: 'TRON',
  TRX: 'TRON',
  LTC: 'Litecoin',
  DOGE: 'Dogecoin',
  XRP_LEDGER: 'XRP Ledger',
  XRPL: 'XRP Ledger',
  XRP: 'XRP Ledger',
  XLM: 'Stellar',
  COSMOS: 'Cosmos Hub',
  COSMOSHUB: 'Cosmos Hub',
  TON: 'TON',
  NEAR: 'NEAR',
};

/** "Ethereum" for ETHEREUM, "BNB Chain" for BSC; an unknown code in title case ("NEW_CHAIN" → "New Chain"). */
export function networkName(code: string): string {
  const key = code
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');
  const known = NAMES[key];
  if (known) return known;
  return key
    .toLowerCase()
    .split('_')
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
}
