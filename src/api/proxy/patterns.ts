// The patterns wire values are checked with (paths, queries, bodies, intents).
import { AMOUNT_PATTERN } from '../../domain/amount';
import { CODE, ID_PATTERN, partnerList } from '../../domain/codes';

// Segment and value patterns. Every pattern is anchored and made of characters that need no
// percent-encoding, so a path that matches can be forwarded byte for byte.
export const RE = {
  category: /^(?:CRYPTO_ONRAMP|CRYPTO_OFFRAMP)$/,
  country: /^[A-Z]{2}$/,
  // Upstream codes are upper-case tickers, some with a chain suffix (USDC_POLYGON).
  currency: CODE.currency,
  id: ID_PATTERN,
  partner: CODE.partner,
  partners: partnerList(20),
  method: CODE.paymentMethod,
  paymentType: /^[A-Z_]{2,32}$/,
  // Full ISO 3166-2 (US-NY) or the local part (NY), as the routes endpoint accepts both.
  subdivision: /^(?:[A-Z]{2}-)?[A-Z0-9]{1,3}$/,
  // In full only (US-NY), as the widget's option: an intent's value becomes that option.
  fullSubdivision: CODE.subdivision,
  /** A plain decimal, as the widget's amount option ("100", "0.05"). */
  amount: AMOUNT_PATTERN,
  currencyType: /^(?:FIAT|CRYPTO)$/,
  providerCurrencyCode: /^[A-Za-z0-9_.-]{1,32}$/,
  status: /^[A-Z_]{2,32}$/,
  transactionTypes: /^[A-Z_]{2,32}(?:,[A-Z_]{2,32}){0,7}$/,
  customerId: ID_PATTERN,
  cursor: /^[A-Za-z0-9_\-=.:+/~]{1,1024}$/,
} as const;
