// Networks as shoppers know them: the one table of display names for the service's chain codes
// (and their common aliases, as in src/checkout/explorers.ts). Brand names, the same in every language.
const NAMES: Readonly<Record<string, string>> = {
  BITCOIN: 'Bitcoin',
  BTC: 'Bitcoin',
  ETHEREUM: 'Ethereum',
  ETH: 'Ethereum',
  SOLANA: 'Solana',
  SOL: 'Solana',
  POLYGON: 'Polygon',
  MATIC: 'Polygon',
  BSC: 'BNB Chain',
  BNB: 'BNB Chain',
  BNB_SMART_CHAIN: 'BNB Chain',
  BNB_CHAIN: 'BNB Chain',
  BASE: 'Base',
  ARBITRUM: 'Arbitrum',
  ARBITRUM_ONE: 'Arbitrum',
  OPTIMISM: 'Optimism',
  OP_MAINNET: 'Optimism',
  AVALANCHE: 'Avalanche',
  AVALANCHE_C: 'Avalanche C-Chain',
  AVAX: 'Avalanche',
  LINEA: 'Linea',
  ZKSYNC: 'zkSync',
  ZKSYNC_ERA: 'zkSync Era',
  SCROLL: 'Scroll',
  BLAST: 'Blast',
  CELO: 'Celo',
  FANTOM: 'Fantom',
  GNOSIS: 'Gnosis',
  TRON: 'TRON',
  TRX: 'TRON',
  LITECOIN: 'Litecoin',
  LTC: 'Litecoin',
  DOGECOIN: 'Dogecoin',
  DOGE: 'Dogecoin',
  BITCOIN_CASH: 'Bitcoin Cash',
  CARDANO: 'Cardano',
  XRP_LEDGER: 'XRP Ledger',
  XRPL: 'XRP Ledger',
  XRP: 'XRP Ledger',
  STELLAR: 'Stellar',
  XLM: 'Stellar',
  HEDERA: 'Hedera',
  ALGORAND: 'Algorand',
  COSMOS: 'Cosmos Hub',
  COSMOSHUB: 'Cosmos Hub',
  TON: 'TON',
  TEZOS: 'Tezos',
  POLKADOT: 'Polkadot',
  NEAR: 'NEAR',
  APTOS: 'Aptos',
  SUI: 'Sui',
  KAVA: 'Kava',
  INJECTIVE: 'Injective',
};

/** The chain codes with a known display name. */
export const KNOWN_NETWORKS: readonly string[] = Object.keys(NAMES);

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
