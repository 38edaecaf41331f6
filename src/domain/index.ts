// The bottom layer: rules that the browser and the server both enforce, with no React, no Node and no
// I/O (wallet addresses per chain, exact decimals, the hash functions they need, the identifier
// rules, URLs, a crypto currency's identity, what a JSON object is: json.ts). Every other layer
// may import it; it imports nothing of the project.
export { addressFamily, validateAddress } from './address';
export type { AddressCheck, AddressProblem } from './address';
export { AMOUNT_PATTERN, MAX_DECIMALS, MAX_INTEGER_DIGITS, checkAmountRange } from './amount';
export type { AmountBounds, RangeCheck, RangeProblem, RangeRules } from './amount';
export { CODE, ID_PATTERN, partnerList } from './codes';
export { cryptoKey } from './currency';
export { isHttpUrl } from './url';
export { backoff } from './backoff';
export type { Backoff } from './backoff';
export { canonicalDecimal, compareDecimal, decimalFromNumber, multiplyDecimal } from './decimal';
export {
  LEGACY_STATUSES,
  STATUS_SOURCE,
  TEMPORARY_STATUSES,
  TERMINAL_STATUSES,
  canonicalStatus,
  isTerminalStatus,
  statusKind,
  transactionEventType,
  transactionOutcome,
} from './transactionStatus';
export type { StatusKind, TransactionEventType, TransactionOutcome } from './transactionStatus';
export { needsWalletTag, validateWalletTag, walletTagRule } from './wallet-tag';
export type { TagCheck, TagProblem, TagRule } from './wallet-tag';
