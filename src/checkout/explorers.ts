// Block explorers per chain, as data: `{tx}` in the template is replaced by the (encoded) transaction
// hash. Keys are the upstream's chainCode values and their common aliases (normalised: upper case,
// spaces and dashes as "_"). Public mainnet explorers only.
export const EXPLORER_TEMPLATES: Readonly<Record<string, string>> = {
  BITCOIN: 'https://mempool.space/tx/{tx}',
  BTC: 'https://mempool.space/tx/{tx}',
  ETHEREUM: 'https://etherscan.io/tx/{tx}',
  ETH: 'https://etherscan.io/tx/{tx}',
  POLYGON: 'https://polygonscan.com/tx/{tx}',
  MATIC: 'https://polygonscan.com/tx/{tx}',
  BASE: 'https://basescan.org/tx/{tx}',
  ARBITRUM: 'https://arbiscan.io/tx/{tx}',
  OPTIMISM: 'https://optimistic.etherscan.io/tx/{tx}',
  BSC: 'https://bscscan.com/tx/{tx}',
  BNB_SMART_CHAIN: 'https://bscscan.com/tx/{tx}',
  AVALANCHE: 'https://snowtrace.io/tx/{tx}',
  AVALANCHE_C: 'https://snowtrace.io/tx/{tx}',
  LINEA: 'https://lineascan.build/tx/{tx}',
  SOLANA: 'https://solscan.io/tx/{tx}',
  SOL: 'https://solscan.io/tx/{tx}',
  TRON: 'https://tronscan.org/#/transaction/{tx}',
  LITECOIN: 'https://litecoinspace.org/tx/{tx}',
  DOGECOIN: 'https://blockchair.com/dogecoin/transaction/{tx}',
  CARDANO: 'https://cardanoscan.io/transaction/{tx}',
  XRP_LEDGER: 'https://livenet.xrpl.org/transactions/{tx}',
  XRPL: 'https://livenet.xrpl.org/transactions/{tx}',
  XRP: 'https://livenet.xrpl.org/transactions/{tx}',
  STELLAR: 'https://stellar.expert/explorer/public/tx/{tx}',
  HEDERA: 'https://hashscan.io/mainnet/transaction/{tx}',
  ALGORAND: 'https://allo.info/tx/{tx}',
  COSMOS: 'https://www.mintscan.io/cosmos/tx/{tx}',
  TON: 'https://tonviewer.com/transaction/{tx}',
};

/** A transaction hash: what a template may carry (no slashes, no query). */
const TX_ID = /^[A-Za-z0-9_.:-]{8,200}$/;

/** The explorer page of `txId` on `chainCode`, or undefined when the chain or the id is unknown. */
export function explorerUrl(chainCode: string | undefined, txId: string | undefined): string | undefined {
  if (!chainCode || !txId || !TX_ID.test(txId)) return undefined;
  const key = chainCode
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');
  const template = EXPLORER_TEMPLATES[key];
  return template?.replace('{tx}', encodeURIComponent(txId));
}
