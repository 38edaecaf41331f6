// Where a settled transfer can be seen on its chain: the explorer page of the transaction hash.
const EXPLORERS: Record<string, string> = {
  BITCOIN: 'https://mempool.space/tx/',
  ETHEREUM: 'https://etherscan.io/tx/',
  POLYGON: 'https://polygonscan.com/tx/',
  ARBITRUM: 'https://arbiscan.io/tx/',
  OPTIMISM: 'https://optimistic.etherscan.io/tx/',
  BASE: 'https://basescan.org/tx/',
  BSC: 'https://bscscan.com/tx/',
  AVALANCHE: 'https://snowtrace.io/tx/',
  SOLANA: 'https://solscan.io/tx/',
  TRON: 'https://tronscan.org/#/transaction/',
  LITECOIN: 'https://litecoinspace.org/tx/',
  DOGECOIN: 'https://dogechain.info/tx/',
};

/** The explorer URL of `hash` on `chain`, when the chain is known and the hash looks like one. */
export function explorerUrl(chain: string | undefined, hash: string | undefined): string | undefined {
  const base = chain && EXPLORERS[chain.toUpperCase()];
  if (!base || !hash || !/^(0x)?[0-9a-zA-Z]{16,128}$/.test(hash)) return undefined;
  return base + encodeURIComponent(hash);
}
