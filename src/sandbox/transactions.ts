// Payment transaction records in the upstream's wire shape, built from a priced quote, and the
// status timeline of a transaction the shopper started on the provider page (computed from
// timestamps on read: no timers).

import { fakeAddress, fakeTxHash, shortHash } from './addresses';
import type { PricedQuote } from './quote';

export interface CustomerRef {
  id: string;
  externalId?: string;
}

export interface TransactionRecord {
  id: string;
  accountId: string;
  sessionId: string;
  externalSessionId?: string;
  customerId?: string;
  externalCustomerId?: string;
  status: string;
  transactionType: string;
  serviceProvider: string;
  countryCode: string;
  sourceAmount: number;
  sourceCurrencyCode: string;
  destinationAmount: number;
  destinationCurrencyCode: string;
  fiatAmountInUsd: number;
  paymentMethodType: string;
  createdAt: string;
  updatedAt: string;
  serviceProviderCreatedAt: string;
  serviceTransactionId: string;
  serviceProviderTransactionUrl: string;
  cryptoDetails: Record<string, string | number>;
  isImported: boolean;
  isPassthrough: boolean;
  multiFactorAuthorizationStatus: MfaStatus[];
  serviceProviderDetails: Record<string, never>;
  sessionClientTags: Record<string, string>;
}

export interface MfaStatus {
  method: 'SMS' | 'CARD' | 'EMAIL' | 'THREE_DS';
  submitted: boolean;
  successful: boolean;
  url: string;
}

export const SANDBOX_ACCOUNT_ID = 'acc_sandbox_WQ5fR2';

/** Seconds-precision UTC, as the documented examples (`2026-02-03T10:15:30Z`). */
export const isoSeconds = (ms: number): string =>
  new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');

export interface TransactionFacts {
  id: string;
  sessionId: string;
  status: string;
  createdAt: number;
  updatedAt: number;
  /** The shopper's wallet: receives on buy, sends on sell. */
  walletAddress: string;
  customer?: CustomerRef;
  externalSessionId?: string;
  /** The partner asks for a verification here (the twoFactor scenario). */
  verifyUrl?: string;
}

export function buildTransaction(priced: PricedQuote, facts: TransactionFacts): TransactionRecord {
  const { quote, offer } = priced;
  const buy = quote.transactionType === 'CRYPTO_PURCHASE';
  const chain = offer.chain.chainCode;
  const partnerWallet = fakeAddress(chain, `${offer.partner.id}:hot-wallet`);
  const fees = {
    networkFee: quote.networkFee,
    partnerFee: quote.partnerFee,
    transactionFee: quote.transactionFee,
  };
  const cryptoDetails: Record<string, string | number> = {
    chainId: offer.chain.chainId,
    destinationWalletAddress: buy ? facts.walletAddress : partnerWallet,
    sourceWalletAddress: buy ? partnerWallet : facts.walletAddress,
    sessionWalletAddress: facts.walletAddress,
    totalFee: quote.totalFee,
    totalFeeInUsd: roundUsd(quote.totalFee * offer.fiat.usdRate),
  };
  for (const [name, value] of Object.entries(fees)) {
    cryptoDetails[name] = value;
    cryptoDetails[`${name}InUsd`] = roundUsd(value * offer.fiat.usdRate);
  }
  if (['SETTLED', 'REFUNDED', 'PARTIALLY_REFUNDED'].includes(facts.status)) {
    cryptoDetails.blockchainTransactionId = fakeTxHash(chain, facts.id);
  }
  const serviceTransactionId = `${offer.partner.id.toLowerCase()}-${shortHash(facts.id, 12)}`;
  const record: TransactionRecord = {
    id: facts.id,
    accountId: SANDBOX_ACCOUNT_ID,
    sessionId: facts.sessionId,
    status: facts.status,
    transactionType: quote.transactionType,
    serviceProvider: quote.serviceProvider,
    countryCode: quote.countryCode,
    sourceAmount: quote.sourceAmount,
    sourceCurrencyCode: quote.sourceCurrencyCode,
    destinationAmount: quote.destinationAmount,
    destinationCurrencyCode: quote.destinationCurrencyCode,
    fiatAmountInUsd: priced.fiatAmountInUsd,
    paymentMethodType: quote.paymentMethodType,
    createdAt: isoSeconds(facts.createdAt),
    updatedAt: isoSeconds(facts.updatedAt),
    serviceProviderCreatedAt: isoSeconds(facts.createdAt - 2000),
    serviceTransactionId,
    serviceProviderTransactionUrl: `https://sandbox.${offer.partner.id.toLowerCase()}.example/orders/${serviceTransactionId}`,
    cryptoDetails,
    isImported: false,
    isPassthrough: false,
    multiFactorAuthorizationStatus: mfaStatus(facts),
    serviceProviderDetails: {},
    sessionClientTags: {},
  };
  if (facts.externalSessionId) record.externalSessionId = facts.externalSessionId;
  if (facts.customer) {
    record.customerId = facts.customer.id;
    if (facts.customer.externalId) record.externalCustomerId = facts.customer.externalId;
  }
  return record;
}

const roundUsd = (value: number) => Math.round(value * 100) / 100;

/** The verification asked for: pending while TWO_FA_REQUIRED, done once the shopper got past it. */
function mfaStatus({ verifyUrl, status }: TransactionFacts): MfaStatus[] {
  if (!verifyUrl || ['PENDING', 'FAILED', 'CANCELLED'].includes(status)) return [];
  const done = status !== 'TWO_FA_REQUIRED';
  return [{ method: 'THREE_DS', submitted: done, successful: done, url: verifyUrl }];
}

export type ShopperChoice = 'pay' | 'decline' | 'cancel';

/** Offsets (ms at timeScale 1) at which a paid transaction enters each status. */
export const PAID_TIMELINE: readonly (readonly [status: string, atMs: number])[] = [
  ['PENDING', 0],
  ['PROCESSING', 1000],
  ['SETTLING', 3000],
  ['SETTLED', 6000],
];

/** A paid transaction whose partner asks the shopper to verify first (the twoFactor scenario). */
export const TWO_FACTOR_TIMELINE: readonly (readonly [status: string, atMs: number])[] = [
  ['PENDING', 0],
  ['TWO_FA_REQUIRED', 500],
  ['TWO_FA_PROVIDED', 4000],
  ['PROCESSING', 4500],
  ['SETTLING', 5500],
  ['SETTLED', 8000],
];

/**
 * The named walks through the service's statuses (UPSTREAM-NOTES §10.2) a paid transaction can take,
 * chosen per partner by the `walks` scenario. Offsets in ms at timeScale 1.
 */
export const WALKS = {
  paid: PAID_TIMELINE,
  /** An on-ramp with a swap: ONRAMP_SETTLED and SWAPPING while the swap leg runs, then SETTLED. */
  swap: [
    ['PENDING', 0],
    ['SETTLING', 1000],
    ['ONRAMP_SETTLED', 2500],
    ['SWAPPING', 4000],
    ['SETTLED', 6000],
  ],
  /** The partner hits an error and retries: ERROR is temporary, and the transaction settles. */
  partnerError: [
    ['PENDING', 0],
    ['ERROR', 1500],
    ['SETTLING', 3500],
    ['SETTLED', 6000],
  ],
  /** Part of the payment goes back to the shopper. */
  partialRefund: [
    ['PENDING', 0],
    ['SETTLING', 2000],
    ['PARTIALLY_REFUNDED', 5000],
  ],
  refund: [
    ['PENDING', 0],
    ['SETTLING', 2000],
    ['REFUNDED', 5000],
  ],
  /** Paid, then refused by the partner (its checks, the card issuer): what the `failing` scenario gives. */
  failed: [
    ['PENDING', 0],
    ['FAILED', 2000],
  ],
} as const satisfies Record<string, readonly (readonly [string, number])[]>;

export type WalkName = keyof typeof WALKS;
export const WALK_NAMES = Object.keys(WALKS) as WalkName[];

/** The statuses a shopper's choice leads through, with their offsets. */
export function timelineOf(
  choice: ShopperChoice,
  walk: WalkName | undefined,
  twoFactor: boolean,
): readonly (readonly [string, number])[] {
  if (choice === 'decline') return [['FAILED', 0]];
  if (choice === 'cancel') return [['CANCELLED', 0]];
  if (twoFactor) return TWO_FACTOR_TIMELINE;
  return WALKS[walk ?? 'paid'];
}

/** Status of a transaction the shopper acted on at `at`, seen at `now`, and since when. */
export function liveStatus(
  choice: ShopperChoice,
  at: number,
  now: number,
  timeScale: number,
  twoFactor = false,
  walk?: WalkName,
): { status: string; since: number } {
  let current = { status: 'PENDING', since: at };
  for (const [status, offset] of timelineOf(choice, walk, twoFactor)) {
    const since = at + offset * timeScale;
    if (now >= since) current = { status, since };
  }
  return current;
}
