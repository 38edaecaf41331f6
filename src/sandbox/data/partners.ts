// The partners (service providers) and what each serves, per direction. Coverage, limits and
// prices differ on purpose: not every partner serves every pair, and a buy route and a sell
// route for the same pair have different bounds, as the service describes.

import type { MethodCode } from './payment-methods';

/** `${currencyCode}.${chainCode}`: USDC is served per chain. */
export type CryptoKey = string;

/** [min, max] in USD; converted to each country's fiat (see catalog.ts). */
export type UsdLimits = readonly [min: number, max: number];

export interface Coverage {
  countries: readonly string[];
  cryptos: readonly CryptoKey[];
  methods: Readonly<Partial<Record<MethodCode, UsdLimits>>>;
  /** Methods whose limits the partner enforces but does not publish (routes show `limits: null`). */
  unpublishedLimits?: readonly MethodCode[];
  /** Price markup over (buy) or under (sell) the mid rate. */
  spread: number;
  /** Partner fee as a fraction of the fiat amount. */
  feeRate: number;
  /** Fixed transaction fee in USD. */
  fixedFeeUsd: number;
}

export type KycLimitType = 'TRANSACTION' | 'DAILY' | 'WEEKLY' | 'MONTHLY' | 'YEARLY';

export interface PartnerSpec {
  id: string;
  name: string;
  rampScore: number;
  lowKyc: boolean;
  /** Methods the partner can run headlessly. */
  headless: readonly MethodCode[];
  /** ISO 3166-2 codes where the partner is unavailable. */
  unavailableIn: readonly string[];
  /**
   * What each verification level allows, in USD ([level1, level2, level3]), per limit type
   * (UPSTREAM-NOTES §10.3): routes carry them as `kycLimits`, one entry per limit type.
   */
  kyc: readonly { limitType: KycLimitType; levelsUsd: readonly [number, number, number] }[];
  buy?: Coverage;
  sell?: Coverage;
}

export const PARTNERS: readonly PartnerSpec[] = [
  {
    id: 'BANXA',
    name: 'Banxa',
    rampScore: 88,
    lowKyc: true,
    headless: ['CREDIT_DEBIT_CARD'],
    unavailableIn: [],
    kyc: [
      { limitType: 'DAILY', levelsUsd: [2000, 10000, 50000] },
      { limitType: 'TRANSACTION', levelsUsd: [150, 2000, 10000] },
    ],
    buy: {
      countries: ['US', 'GB', 'DE', 'FR', 'BR', 'JP'],
      cryptos: [
        'BTC.BITCOIN',
        'ETH.ETHEREUM',
        'USDC.ETHEREUM',
        'USDC.SOLANA',
        'USDT.ETHEREUM',
        'SOL.SOLANA',
        'XRP.XRP_LEDGER',
      ],
      methods: {
        CREDIT_DEBIT_CARD: [20, 10000],
        APPLE_PAY: [20, 3000],
        ACH: [50, 25000],
        SEPA: [30, 20000],
        FASTER_PAYMENTS: [30, 20000],
        PIX: [10, 5000],
      },
      spread: 0.01,
      feeRate: 0.0099,
      fixedFeeUsd: 0.5,
    },
    sell: {
      countries: ['US', 'GB', 'DE', 'FR', 'AU'],
      cryptos: ['BTC.BITCOIN', 'ETH.ETHEREUM', 'USDC.ETHEREUM', 'USDT.ETHEREUM'],
      methods: { ACH: [50, 15000], SEPA: [50, 15000], FASTER_PAYMENTS: [50, 15000], PAYID: [50, 10000] },
      spread: 0.012,
      feeRate: 0.0099,
      fixedFeeUsd: 1,
    },
  },
  {
    id: 'TRANSAK',
    name: 'Transak',
    rampScore: 84,
    lowKyc: true,
    headless: [],
    unavailableIn: [],
    kyc: [
      { limitType: 'MONTHLY', levelsUsd: [5000, 25000, 100000] },
      { limitType: 'TRANSACTION', levelsUsd: [300, 5000, 25000] },
    ],
    buy: {
      countries: ['US', 'GB', 'DE', 'FR', 'BR', 'JP', 'NG'],
      cryptos: [
        'BTC.BITCOIN',
        'ETH.ETHEREUM',
        'USDC.ETHEREUM',
        'USDC.SOLANA',
        'USDT.ETHEREUM',
        'SOL.SOLANA',
        'XRP.XRP_LEDGER',
      ],
      methods: {
        CREDIT_DEBIT_CARD: [30, 5000],
        APPLE_PAY: [30, 3000],
        GOOGLE_PAY: [30, 3000],
        SEPA: [20, 15000],
        FASTER_PAYMENTS: [20, 15000],
        PIX: [5, 3000],
        NG_BANK_TRANSFER: [10, 2000],
      },
      spread: 0.008,
      feeRate: 0.0125,
      fixedFeeUsd: 0,
    },
    sell: {
      countries: ['US', 'GB', 'DE', 'FR', 'CA'],
      cryptos: ['BTC.BITCOIN', 'ETH.ETHEREUM', 'USDC.ETHEREUM', 'USDC.SOLANA', 'USDT.ETHEREUM', 'SOL.SOLANA'],
      methods: {
        CREDIT_DEBIT_CARD: [20, 3000],
        ACH: [30, 10000],
        SEPA: [30, 10000],
        FASTER_PAYMENTS: [30, 10000],
        INTERAC: [30, 5000],
      },
      spread: 0.01,
      feeRate: 0.015,
      fixedFeeUsd: 0,
    },
  },
  {
    id: 'PAYBIS',
    name: 'Paybis',
    rampScore: 76,
    lowKyc: false,
    headless: [],
    unavailableIn: ['US-NY', 'US-TX'],
    kyc: [
      { limitType: 'TRANSACTION', levelsUsd: [150, 2000, 20000] },
      { limitType: 'MONTHLY', levelsUsd: [1000, 10000, 50000] },
    ],
    buy: {
      countries: ['US', 'GB', 'DE', 'FR', 'BR'],
      cryptos: ['BTC.BITCOIN', 'ETH.ETHEREUM', 'USDT.ETHEREUM', 'SOL.SOLANA', 'POL.POLYGON'],
      methods: { CREDIT_DEBIT_CARD: [10, 20000], APPLE_PAY: [10, 5000], SEPA: [50, 50000] },
      spread: 0.015,
      feeRate: 0.0049,
      fixedFeeUsd: 1,
    },
    sell: {
      countries: ['US', 'GB', 'DE', 'CA', 'AU'],
      cryptos: ['BTC.BITCOIN', 'ETH.ETHEREUM', 'USDT.ETHEREUM'],
      methods: { CREDIT_DEBIT_CARD: [25, 5000], SEPA: [25, 25000], INTERAC: [25, 5000], PAYID: [25, 8000] },
      spread: 0.016,
      feeRate: 0.0049,
      fixedFeeUsd: 1.5,
    },
  },
  {
    id: 'MERCURYO',
    name: 'Mercuryo',
    rampScore: 81,
    lowKyc: true,
    headless: ['CREDIT_DEBIT_CARD', 'APPLE_PAY'],
    unavailableIn: [],
    kyc: [
      { limitType: 'TRANSACTION', levelsUsd: [700, 2000, 4000] },
      { limitType: 'DAILY', levelsUsd: [1000, 5000, 15000] },
    ],
    buy: {
      countries: ['GB', 'DE', 'FR', 'JP', 'NG'],
      cryptos: ['BTC.BITCOIN', 'ETH.ETHEREUM', 'USDC.ETHEREUM', 'USDC.SOLANA', 'USDT.ETHEREUM', 'SOL.SOLANA'],
      methods: { CREDIT_DEBIT_CARD: [25, 4000], APPLE_PAY: [25, 4000], GOOGLE_PAY: [25, 4000] },
      spread: 0.012,
      feeRate: 0.0095,
      fixedFeeUsd: 0,
    },
    sell: {
      countries: ['GB', 'DE', 'FR'],
      cryptos: ['BTC.BITCOIN', 'ETH.ETHEREUM', 'USDT.ETHEREUM'],
      methods: { CREDIT_DEBIT_CARD: [30, 2500], SEPA: [40, 10000] },
      unpublishedLimits: ['SEPA'],
      spread: 0.013,
      feeRate: 0.0095,
      fixedFeeUsd: 0,
    },
  },
  {
    id: 'TOPPER',
    name: 'Topper',
    rampScore: 79,
    lowKyc: false,
    headless: [],
    unavailableIn: [],
    kyc: [
      { limitType: 'TRANSACTION', levelsUsd: [500, 7500, 50000] },
      { limitType: 'YEARLY', levelsUsd: [2500, 25000, 250000] },
    ],
    buy: {
      countries: ['US'],
      cryptos: ['BTC.BITCOIN', 'ETH.ETHEREUM', 'USDC.ETHEREUM', 'POL.POLYGON'],
      methods: { CREDIT_DEBIT_CARD: [15, 7500], APPLE_PAY: [15, 7500], ACH: [100, 50000] },
      spread: 0.005,
      feeRate: 0.015,
      fixedFeeUsd: 0,
    },
    sell: {
      countries: ['US'],
      cryptos: ['BTC.BITCOIN', 'ETH.ETHEREUM'],
      methods: { ACH: [100, 20000] },
      spread: 0.006,
      feeRate: 0.015,
      fixedFeeUsd: 0,
    },
  },
];

export const partnerById = (id: string): PartnerSpec | undefined =>
  PARTNERS.find((p) => p.id === id.toUpperCase());
