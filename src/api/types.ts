// The upstream Crypto Ramp Service's vocabulary, as the rest of the project sees it.
// Runtime schemas in schemas.ts validate responses into exactly these shapes; every layer
// (browser, server, sandbox) imports its types from here.
import type { InferOutput } from 'valibot';
import type { QuoteCompletionSchema } from './proxy/stats';

export type Category = 'CRYPTO_ONRAMP' | 'CRYPTO_OFFRAMP';
export type CurrencyType = 'FIAT' | 'CRYPTO';

/** The shopper's direction, as the widget says it. */
export type Direction = 'buy' | 'sell';

export interface Country {
  countryCode: string;
  name: string;
  /** Emoji (description) or image URL (public spec). */
  flag?: string;
  /** ISO 3166-2 codes, when the upstream sends them (the public spec does, the description does not). */
  subdivisions?: string[];
}

export interface CountryDefault {
  countryCode: string;
  category: Category;
  currencyCode: string;
  /** Canonical method identifiers, in preference order. */
  paymentMethods: string[];
}

export interface Currency {
  currencyCode: string;
  name: string;
  decimalPlaces: number;
  type: CurrencyType;
  /** URL of an icon image (not a ticker). */
  symbol?: string;
  chainCode?: string;
  contract?: string;
}

export interface PaymentMethod {
  countryCode?: string;
  providerMethod?: string;
  /** Canonical identifier: the value sent as `paymentMethodType`. */
  method: string;
  /** Display label only. Never sent upstream. */
  name: string;
  type?: string;
  headlessSupported?: boolean;
  logo?: { dark?: string; light?: string };
}

export interface Limits {
  currencyCode: string;
  min: number;
  max: number;
}

export interface RoutePaymentMethod {
  paymentType?: string;
  /** Canonical method identifier (same vocabulary as PaymentMethod.method). */
  name: string;
  partnerMethodName?: string;
  /** null when the partner published no limits. */
  limits: Limits | null;
  headlessSupported?: boolean;
}

export interface KycLimit {
  provider?: string;
  category?: string;
  countryCode?: string;
  limitType?: string;
  currencyCode?: string;
  level1?: number;
  level2?: number;
  level3?: number;
}

export interface Route {
  partner: string;
  source: string;
  destination: string;
  paymentMethods: RoutePaymentMethod[];
  kycLimits: KycLimit[];
}

export interface QuoteRequest {
  countryCode: string;
  subdivision?: string;
  sourceCurrencyCode: string;
  sourceAmount: number;
  destinationCurrencyCode: string;
  /** Canonical `method`, never a display name. */
  paymentMethodType?: string;
  serviceProviders?: string[];
  walletAddress?: string;
  customerId?: string;
  externalCustomerId?: string;
}

export interface Quote {
  serviceProvider: string;
  transactionType?: string;
  countryCode?: string;
  sourceCurrencyCode: string;
  /** What the shopper pays, fees included. */
  sourceAmount: number;
  sourceAmountWithoutFees?: number;
  destinationCurrencyCode: string;
  /** What the shopper receives. */
  destinationAmount: number;
  destinationAmountWithoutFees?: number;
  exchangeRate?: number;
  fiatAmountWithoutFees?: number;
  networkFee?: number;
  partnerFee?: number;
  transactionFee?: number;
  totalFee?: number;
  paymentMethodType?: string;
  lowKyc?: boolean;
  rampScore?: number;
  /** `rampIntelligence.previouslyUsed`: when this customer last used the partner (date-time), if ever. */
  previouslyUsed?: string;
  /**
   * Added by the host server, not the service: how often this partner's orders ended completed here
   * (this country and payment method, last 30 days of the merchant's ledger). Absent when the
   * server's learning is off or no order of this country and method has ended.
   */
  completion?: QuoteCompletion;
}

/** A partner's completion here, smoothed toward the baseline (docs/CONTRACTS.md, the quote answer). */
export type QuoteCompletion = InferOutput<typeof QuoteCompletionSchema>;

export type SessionType = 'BUY' | 'SELL';

/** The lockFields values the spec names, in its order: what the shopper cannot change on the partner's page. */
export const LOCK_FIELDS = [
  'cryptoCurrency',
  'destinationCurrencyCode',
  'sourceCurrencyCode',
  'walletAddress',
  'sourceAmount',
  'paymentMethodType',
] as const;
export type LockField = (typeof LOCK_FIELDS)[number];

/** The spec's Buy/Sell session data: only fields it names (no subdivision: no session schema has one). */
export interface SessionData {
  serviceProvider: string;
  countryCode: string;
  sourceCurrencyCode: string;
  /** A decimal string, as the upstream wants it ("100"). */
  sourceAmount: string;
  destinationCurrencyCode: string;
  paymentMethodType?: string;
  walletAddress?: string;
  walletTag?: string;
  redirectUrl?: string;
  clientIpAddress?: string;
  lockFields?: LockField[];
}

export interface SessionRequest {
  sessionType: SessionType;
  /**
   * From the browser to our proxy, `subdivision` may come along as context for the server's own
   * checks; the server never forwards it (see src/server/proxy/sessions/session-body.ts).
   */
  sessionData: SessionData & { subdivision?: string };
  externalSessionId?: string;
  externalCustomerId?: string;
  customerId?: string;
}

export interface SessionResponse {
  id: string;
  widgetUrl: string;
  token?: string;
  serviceProviderWidgetUrl?: string;
  customerId?: string;
  externalCustomerId?: string;
  externalSessionId?: string;
  /** Added by our proxy (not the upstream): binds this browser to the session for status reads. */
  trackingToken?: string;
}

/** Statuses named by the public spec. The field itself is an open string. */
export type TransactionStatus =
  | 'PENDING_CREATED'
  | 'PENDING'
  | 'PROCESSING'
  | 'AUTHORIZED'
  | 'AUTHORIZATION_EXPIRED'
  | 'SETTLING'
  | 'ONRAMP_SETTLED'
  | 'SETTLED'
  | 'REFUNDED'
  | 'DECLINED'
  | 'CANCELLED'
  | 'FAILED'
  | 'ERROR'
  | 'VOIDED'
  | 'TWO_FA_REQUIRED'
  | 'TWO_FA_PROVIDED'
  | 'SWAPPING'
  | 'PARTIALLY_REFUNDED'
  | 'ACCEPTED'
  | 'PARTIALLY_SETTLED';

export interface TransactionCryptoDetails {
  blockchainTransactionId?: string;
  chainId?: string;
  destinationWalletAddress?: string;
  sourceWalletAddress?: string;
  networkFee?: number;
  partnerFee?: number;
  transactionFee?: number;
  totalFee?: number;
}

/** One entry of `multiFactorAuthorizationStatus`: where the shopper completes a verification. */
export interface MultiFactorAuthorization {
  method?: string;
  submitted?: boolean;
  successful?: boolean;
  url?: string;
}

export interface Transaction {
  id: string;
  sessionId?: string;
  /** Open string: unknown statuses must still display. */
  status: string;
  transactionType?: string;
  serviceProvider?: string;
  countryCode?: string;
  sourceAmount?: number;
  sourceCurrencyCode?: string;
  destinationAmount?: number;
  destinationCurrencyCode?: string;
  paymentMethodType?: string;
  externalSessionId?: string;
  externalCustomerId?: string;
  createdAt?: string;
  updatedAt?: string;
  cryptoDetails?: TransactionCryptoDetails;
  /** The partner's own page for this order. */
  serviceProviderTransactionUrl?: string;
  /** Verifications the partner asks for (status TWO_FA_REQUIRED). */
  multiFactorAuthorizationStatus?: MultiFactorAuthorization[];
  /** Pagination key, present on records of paginated listings. */
  key?: string;
}

export interface FinancialAccount {
  id: string;
  key: string;
  customerId?: string;
  type?: string;
  subtype?: string;
  status?: string;
  name?: string;
  institutionName?: string;
  truncatedAccountNumber?: string;
  balances?: { availableAmount?: number; currentAmount?: number; currency?: string; updatedAt?: string };
}

export interface FinancialAccountTransaction {
  id: string;
  key: string;
  financialAccountId?: string;
  customerId?: string;
  amount?: number;
  currency?: string;
  description?: string;
  category?: string;
  status?: string;
  transactionDate?: string;
  postedDate?: string;
}

/** One page of a cursor-paginated listing. */
export interface Page<T> {
  items: T[];
  /** Records in this page. */
  count: number;
  /** Records beyond this page in the direction of travel, when the upstream says. */
  remaining?: number;
  totalCount?: number;
}

/** A cursor: one of `before` or `after`, never both. */
export type Cursor =
  { after: string; before?: never } | { before: string; after?: never } | Record<never, never>;

export interface TransactionsQuery {
  /** YYYY-MM-DD */
  from?: string;
  status?: string;
  limit?: number;
  /** Comma-separated on the wire: the transactions of these sessions (the upstream's session ids; at most 100). */
  sessionIds?: readonly string[];
  /** Comma-separated on the wire: the transactions of these sessions (our externalSessionId; at most 100). */
  externalSessionIds?: readonly string[];
  /** Partner codes, e.g. TRANSAK (the upstream's search filter; not in the description's table). */
  serviceProviders?: readonly string[];
  /** Transaction types, e.g. CRYPTO_PURCHASE, CRYPTO_SELL. */
  types?: readonly string[];
  /** The merchant's customer ids, as passed to the checkout (externalCustomerId). */
  externalCustomerIds?: readonly string[];
}

export interface FinancialAccountsQuery {
  customerId?: string;
  limit?: number;
}

export interface FinancialAccountTransactionsQuery {
  customerId?: string;
  /** Narrows to one account (the upstream's bank-linking listing supports it). */
  financialAccountId?: string;
  /** YYYY-MM-DDThh:mm:ssZ (UTC) */
  startDate?: string;
  /** YYYY-MM-DDThh:mm:ssZ (UTC) */
  endDate?: string;
  limit?: number;
}

/** Direction → category, the one mapping. */
export const categoryOf = (direction: Direction): Category =>
  direction === 'buy' ? 'CRYPTO_ONRAMP' : 'CRYPTO_OFFRAMP';

export const directionOf = (category: Category): Direction => (category === 'CRYPTO_ONRAMP' ? 'buy' : 'sell');
