// Currencies whose deposits are told apart by a destination tag or memo next to the address, and the
// shape each tag must have. The upstream's session has `walletTag`, "required for certain
// cryptocurrencies"; without it a payment to an exchange's shared address cannot be credited.
//
// Sources (the ledgers' own documentation, read 2026-02):
// - XRP Ledger: DestinationTag is a UInt32 field of a Payment.
//   https://xrpl.org/docs/references/protocol/transactions/common-fields (and /payment)
// - Stellar: memo types MEMO_TEXT (at most 28 bytes) and MEMO_ID (unsigned 64-bit integer).
//   https://developers.stellar.org/docs/learn/encyclopedia/transactions-specialized/memos
// - Hedera: a transaction memo of at most 100 bytes.
//   https://docs.hedera.com/hedera/sdks-and-apis/sdks/transactions/modify-transaction-fields
// - EOS (Antelope): the eosio.token transfer `memo` argument, at most 256 bytes.
//   https://github.com/AntelopeIO/reference-contracts (contracts/eosio.token, transfer)
// - Cosmos SDK chains (ATOM and others): a transaction memo, MaxMemoCharacters 256 by default.
//   https://docs.cosmos.network/main/build/modules/auth#parameters
// - TON: a text comment on a transfer; exchanges use it as the deposit memo (up to 120 characters
//   fit in one cell). https://docs.ton.org/v3/guidelines/dapps/asset-processing/payments-processing
// - Algorand: the `note` field (at most 1 kB), used as a memo by exchanges.
//   https://developer.algorand.org/docs/get-details/transactions/transactions/
// - BNB Beacon Chain (BEP2, retired), Kava and Injective follow the Cosmos memo rule.

export type TagKind = 'destinationTag' | 'memo';

export interface TagRule {
  kind: TagKind;
  /** Digits only, up to this value (a destination tag or a numeric memo id). */
  maxNumber?: number;
  /** Text memo: at most this many UTF-8 bytes. */
  maxBytes?: number;
}

/** Per chain: the chain codes the upstream uses (`chainCode` of a currency) and the native coin. */
interface TagChain {
  chains: readonly string[];
  /** Currency codes that live only on this chain, so the code alone says a tag is needed. */
  natives: readonly string[];
  rule: TagRule;
}

const UINT32_MAX = 4_294_967_295;

export const TAG_CHAINS: readonly TagChain[] = [
  {
    chains: ['XRP', 'XRPL', 'XRP_LEDGER', 'RIPPLE'],
    natives: ['XRP'],
    rule: { kind: 'destinationTag', maxNumber: UINT32_MAX },
  },
  { chains: ['STELLAR', 'XLM'], natives: ['XLM'], rule: { kind: 'memo', maxBytes: 28 } },
  { chains: ['HEDERA', 'HBAR'], natives: ['HBAR'], rule: { kind: 'memo', maxBytes: 100 } },
  { chains: ['EOS', 'EOSIO', 'ANTELOPE'], natives: ['EOS'], rule: { kind: 'memo', maxBytes: 256 } },
  {
    chains: ['COSMOS', 'COSMOSHUB', 'ATOM', 'KAVA', 'INJECTIVE', 'BNB_BEACON_CHAIN', 'BEP2'],
    natives: ['ATOM', 'KAVA', 'INJ'],
    rule: { kind: 'memo', maxBytes: 256 },
  },
  { chains: ['TON', 'THE_OPEN_NETWORK'], natives: ['TON'], rule: { kind: 'memo', maxBytes: 120 } },
  { chains: ['ALGORAND', 'ALGO'], natives: ['ALGO'], rule: { kind: 'memo', maxBytes: 1000 } },
];

const norm = (code: string | undefined) =>
  (code ?? '')
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');

/**
 * The tag rule for a crypto currency: by its chain when known (a token on Stellar needs a memo too),
 * else by the currency code of a chain's native coin. undefined: no tag is needed.
 */
export function walletTagRule(currencyCode: string | undefined, chainCode?: string): TagRule | undefined {
  const chain = norm(chainCode);
  if (chain) {
    const byChain = TAG_CHAINS.find((c) => c.chains.includes(chain));
    if (byChain) return byChain.rule;
  }
  const code = norm(currencyCode);
  return TAG_CHAINS.find((c) => c.natives.includes(code))?.rule;
}

export const needsWalletTag = (currencyCode: string | undefined, chainCode?: string): boolean =>
  walletTagRule(currencyCode, chainCode) !== undefined;

export type TagProblem = 'empty' | 'format' | 'tooLong';
export type TagCheck = { ok: true } | { ok: false; reason: TagProblem };

/** Printable ASCII: what every ledger above and the upstream's partners accept in a memo. */
const PRINTABLE = /^[\x20-\x7E]+$/;

/** Checks a tag against a rule (an empty tag is `empty`; the caller decides whether one is needed). */
export function validateWalletTag(tag: string, rule: TagRule): TagCheck {
  const t = tag.trim();
  if (t === '') return { ok: false, reason: 'empty' };
  if (rule.kind === 'destinationTag') {
    if (!/^\d+$/.test(t)) return { ok: false, reason: 'format' };
    if (t.length > 10) return { ok: false, reason: 'tooLong' };
    return Number(t) <= (rule.maxNumber ?? UINT32_MAX) ? { ok: true } : { ok: false, reason: 'tooLong' };
  }
  if (!PRINTABLE.test(t)) return { ok: false, reason: 'format' };
  return new TextEncoder().encode(t).length <= (rule.maxBytes ?? 256)
    ? { ok: true }
    : { ok: false, reason: 'tooLong' };
}
