// What the browser may see of upstream records. Public discovery data passes whole; a session or a
// transaction read by its shopper is cut down to the documented fields the widget uses, so account
// and customer details the upstream attaches never reach a browser; so is an order of the ledger.
import type { TrackedOrder } from '../../api/proxy/session-lookup';
import { isFinal, type OrderRecord } from '../storage/ledger/types';
import type {
  MultiFactorAuthorization,
  SessionResponse,
  Transaction,
  TransactionCryptoDetails,
} from '../../api/types';
import { isHttpUrl } from '../../domain/url';

const pick = <T extends object, K extends keyof T>(o: T, keys: readonly K[]): Pick<T, K> => {
  const out = {} as Pick<T, K>;
  for (const k of keys) if (o[k] !== undefined) out[k] = o[k];
  return out;
};

const SESSION_FIELDS = ['id', 'widgetUrl', 'token', 'serviceProviderWidgetUrl', 'externalSessionId'] as const;

export const sessionView = (s: SessionResponse, trackingToken: string): SessionResponse => ({
  ...pick(s, SESSION_FIELDS),
  trackingToken,
});

const TRANSACTION_FIELDS = [
  'id',
  'sessionId',
  'status',
  'transactionType',
  'serviceProvider',
  'countryCode',
  'sourceAmount',
  'sourceCurrencyCode',
  'destinationAmount',
  'destinationCurrencyCode',
  'paymentMethodType',
  'externalSessionId',
  'createdAt',
  'updatedAt',
] as const;

const CRYPTO_FIELDS = [
  'blockchainTransactionId',
  'chainId',
  'destinationWalletAddress',
  'sourceWalletAddress',
  'networkFee',
  'partnerFee',
  'transactionFee',
  'totalFee',
] as const;

/** What the shopper acts on: the partner's order page, and where to verify (http(s) links only). */
const mfaView = (list: readonly MultiFactorAuthorization[]): MultiFactorAuthorization[] =>
  list.map((m) => ({
    ...pick(m, ['method', 'submitted', 'successful'] as const),
    ...(isHttpUrl(m.url) ? { url: m.url } : {}),
  }));

export const transactionView = (t: Transaction): Transaction => {
  const view: Transaction = pick(t, TRANSACTION_FIELDS);
  if (isHttpUrl(t.serviceProviderTransactionUrl))
    view.serviceProviderTransactionUrl = t.serviceProviderTransactionUrl;
  if (t.multiFactorAuthorizationStatus?.length)
    view.multiFactorAuthorizationStatus = mfaView(t.multiFactorAuthorizationStatus);
  if (t.cryptoDetails)
    view.cryptoDetails = pick<TransactionCryptoDetails, (typeof CRYPTO_FIELDS)[number]>(
      t.cryptoDetails,
      CRYPTO_FIELDS,
    );
  return view;
};

/**
 * An order of the ledger as its shopper sees it: never the merchant's reference, customer or intent.
 * `terminal` tells the browser it may stop asking, so an EXPIRED order is not: the ledger stops
 * following it, but a transaction that turns up later (the shopper paid) still moves it.
 */
export const trackedOrderView = (o: OrderRecord): TrackedOrder => ({
  sessionId: o.sessionId,
  status: o.status,
  terminal: isFinal(o),
  partner: o.partner,
  direction: o.direction,
  sourceAmount: o.sourceAmount,
  sourceCurrency: o.sourceCurrency,
  destinationAmount: o.destinationAmount,
  destinationCurrency: o.destinationCurrency,
  walletAddress: o.walletAddress,
  paymentMethod: o.paymentMethod ?? null,
  transactionId: o.transactionId,
  txHash: o.txHash,
  createdAt: new Date(o.createdAt).toISOString(),
  updatedAt: new Date(o.updatedAt).toISOString(),
});
