// Fiat and crypto currencies with the mid-market rates quotes are priced from (in USD, fixed so
// quotes are reproducible).

export interface FiatSpec {
  currencyCode: string;
  name: string;
  decimalPlaces: number;
  /** USD per one unit. */
  usdRate: number;
}

export type ChainCode = 'BITCOIN' | 'ETHEREUM' | 'SOLANA' | 'POLYGON' | 'XRP_LEDGER';

export interface ChainSpec {
  chainCode: ChainCode;
  name: string;
  chainId: string;
  /** What a partner charges to send on this chain, in USD. */
  networkFeeUsd: number;
}

export interface CryptoSpec {
  currencyCode: string;
  name: string;
  decimalPlaces: number;
  chainCode: ChainCode;
  contract?: string;
  /** The code a partner's own API uses (matched by the providerCurrencyCode filter). */
  providerCode: string;
  /** USD per one unit. */
  usdPrice: number;
}

export const FIATS: readonly FiatSpec[] = [
  { currencyCode: 'USD', name: 'US Dollar', decimalPlaces: 2, usdRate: 1 },
  { currencyCode: 'EUR', name: 'Euro', decimalPlaces: 2, usdRate: 1.08 },
  { currencyCode: 'GBP', name: 'British Pound', decimalPlaces: 2, usdRate: 1.27 },
  { currencyCode: 'BRL', name: 'Brazilian Real', decimalPlaces: 2, usdRate: 0.18 },
  { currencyCode: 'JPY', name: 'Japanese Yen', decimalPlaces: 0, usdRate: 0.0067 },
  { currencyCode: 'NGN', name: 'Nigerian Naira', decimalPlaces: 2, usdRate: 0.00065 },
  { currencyCode: 'CAD', name: 'Canadian Dollar', decimalPlaces: 2, usdRate: 0.73 },
  { currencyCode: 'AUD', name: 'Australian Dollar', decimalPlaces: 2, usdRate: 0.66 },
];

export const CHAINS: Readonly<Record<ChainCode, ChainSpec>> = {
  BITCOIN: { chainCode: 'BITCOIN', name: 'Bitcoin', chainId: 'bitcoin', networkFeeUsd: 1.5 },
  ETHEREUM: { chainCode: 'ETHEREUM', name: 'Ethereum', chainId: '1', networkFeeUsd: 2.4 },
  SOLANA: { chainCode: 'SOLANA', name: 'Solana', chainId: 'solana', networkFeeUsd: 0.02 },
  POLYGON: { chainCode: 'POLYGON', name: 'Polygon', chainId: '137', networkFeeUsd: 0.05 },
  // Deposits to a shared address need a destination tag (src/domain/wallet-tag.ts).
  XRP_LEDGER: { chainCode: 'XRP_LEDGER', name: 'XRP Ledger', chainId: 'xrpl', networkFeeUsd: 0.01 },
};

/** Same code on two chains (USDC) is told apart by chainCode and contract, as upstream. */
export const CRYPTOS: readonly CryptoSpec[] = [
  {
    currencyCode: 'BTC',
    name: 'Bitcoin',
    decimalPlaces: 8,
    chainCode: 'BITCOIN',
    providerCode: 'BTC',
    usdPrice: 96000,
  },
  {
    currencyCode: 'ETH',
    name: 'Ethereum',
    decimalPlaces: 8,
    chainCode: 'ETHEREUM',
    providerCode: 'ETH',
    usdPrice: 3200,
  },
  {
    currencyCode: 'USDC',
    name: 'USD Coin',
    decimalPlaces: 6,
    chainCode: 'ETHEREUM',
    contract: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
    providerCode: 'USDC',
    usdPrice: 1,
  },
  {
    currencyCode: 'USDC',
    name: 'USD Coin',
    decimalPlaces: 6,
    chainCode: 'SOLANA',
    contract: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
    providerCode: 'USDC_SOL',
    usdPrice: 1,
  },
  {
    currencyCode: 'USDT',
    name: 'Tether USD',
    decimalPlaces: 6,
    chainCode: 'ETHEREUM',
    contract: '0xdac17f958d2ee523a2206206994597c13d831ec7',
    providerCode: 'USDT',
    usdPrice: 1,
  },
  {
    currencyCode: 'SOL',
    name: 'Solana',
    decimalPlaces: 8,
    chainCode: 'SOLANA',
    providerCode: 'SOL',
    usdPrice: 180,
  },
  {
    currencyCode: 'POL',
    name: 'Polygon Ecosystem Token',
    decimalPlaces: 8,
    chainCode: 'POLYGON',
    providerCode: 'MATIC',
    usdPrice: 0.45,
  },
  {
    currencyCode: 'XRP',
    name: 'XRP',
    decimalPlaces: 6,
    chainCode: 'XRP_LEDGER',
    providerCode: 'XRP',
    usdPrice: 2.2,
  },
];

export const fiatByCode = (code: string): FiatSpec | undefined =>
  FIATS.find((f) => f.currencyCode === code.toUpperCase());

/** Every chain a crypto code lives on (USDC: two). */
export const cryptosByCode = (code: string): CryptoSpec[] =>
  CRYPTOS.filter((c) => c.currencyCode === code.toUpperCase());
