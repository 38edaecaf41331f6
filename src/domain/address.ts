// Wallet address checks per chain family: EVM (EIP-55), Bitcoin (Base58Check, BIP-173 bech32,
// BIP-350 bech32m) and Solana (base58, 32 bytes). Catching a typo here saves a lost payment.
import { base58Decode } from './hash/base58';
import { decodeBech32, fromWords } from './hash/bech32';
import { keccak256 } from './hash/keccak256';
import { sha256 } from './hash/sha256';

export type AddressProblem = 'empty' | 'format' | 'checksum' | 'chain';
export type AddressCheck = { ok: true } | { ok: false; reason: AddressProblem };

type Family = 'evm' | 'bitcoin' | 'bitcoinTestnet' | 'solana';

const FAMILIES: Record<Family, readonly string[]> = {
  evm: [
    'ETHEREUM',
    'ETH',
    'POLYGON',
    'MATIC',
    'POL',
    'BASE',
    'ARBITRUM',
    'ARB',
    'OPTIMISM',
    'OP',
    'BSC',
    'BNB',
    'BNB_SMART_CHAIN',
    'BINANCE_SMART_CHAIN',
    'AVALANCHE',
    'AVAX',
    'AVAXC',
    'AVALANCHE_C',
    'LINEA',
    'SCROLL',
    'ZKSYNC',
    'ZKSYNC_ERA',
    'CELO',
    'FANTOM',
    'GNOSIS',
    'BLAST',
    'MANTLE',
    'CRONOS',
    'MOONBEAM',
    'SEPOLIA',
  ],
  bitcoin: ['BITCOIN', 'BTC'],
  bitcoinTestnet: ['BITCOIN_TESTNET', 'BTC_TESTNET', 'TBTC', 'TESTNET3', 'TESTNET4', 'SIGNET'],
  solana: ['SOLANA', 'SOL'],
};

/** The address family of a chainCode ("ethereum", "BNB Smart Chain" …), or null when unknown. */
export function addressFamily(chainCode: string | undefined): Family | null {
  const code = (chainCode ?? '')
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');
  for (const [family, codes] of Object.entries(FAMILIES) as [Family, readonly string[]][]) {
    if (codes.includes(code)) return family;
  }
  return null;
}

const ok: AddressCheck = { ok: true };
const fail = (reason: AddressProblem): AddressCheck => ({ ok: false, reason });

function checkEvm(address: string): AddressCheck {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return fail('format');
  const body = address.slice(2);
  const lower = body.toLowerCase();
  // Single-case addresses carry no checksum (EIP-55 keeps them valid for compatibility).
  if (body === lower || body === body.toUpperCase()) return ok;
  const hash = keccak256(new TextEncoder().encode(lower));
  for (let i = 0; i < 40; i++) {
    const c = body[i] ?? '';
    if (!/[a-fA-F]/.test(c)) continue;
    const byte = hash[i >> 1] ?? 0;
    const nibble = i % 2 === 0 ? byte >> 4 : byte & 0x0f;
    if (nibble >= 8 !== (c !== c.toLowerCase())) return fail('checksum');
  }
  return ok;
}

type Network = 'main' | 'test';

/** Base58Check P2PKH / P2SH: version byte + 20-byte hash + 4-byte double-SHA256 checksum. */
function checkBase58Check(address: string): { check: AddressCheck; network?: Network } {
  const bytes = base58Decode(address);
  if (bytes?.length !== 25) return { check: fail('format') };
  const payload = bytes.subarray(0, 21);
  const sum = sha256(sha256(payload));
  if (!bytes.subarray(21).every((b, i) => b === sum[i])) return { check: fail('checksum') };
  const version = bytes[0];
  if (version === 0x00 || version === 0x05) return { check: ok, network: 'main' };
  if (version === 0x6f || version === 0xc4) return { check: ok, network: 'test' };
  return { check: fail('format') };
}

const BECH32_CHARS = /^(bc|tb)1[qpzry9x8gf2tvdw0s3jn54khce6mua7l]{8,87}$/;

/** Segwit addresses: bech32 for witness v0, bech32m for v1..16 (BIP-350). */
function checkSegwit(address: string): { check: AddressCheck; network?: Network } {
  if (address !== address.toLowerCase() && address !== address.toUpperCase())
    return { check: fail('format') };
  const lower = address.toLowerCase();
  if (!BECH32_CHARS.test(lower)) return { check: fail('format') };
  const decoded = decodeBech32(lower);
  if (!decoded) return { check: fail('checksum') };
  const [version, ...data] = decoded.words;
  const program = fromWords(data);
  if (version === undefined || version > 16 || !program) return { check: fail('format') };
  if (program.length < 2 || program.length > 40) return { check: fail('format') };
  if (version === 0 && program.length !== 20 && program.length !== 32) return { check: fail('format') };
  // The checksum constant must match the witness version; the other one means a corrupted address.
  if ((version === 0) !== (decoded.encoding === 'bech32')) return { check: fail('checksum') };
  return { check: ok, network: decoded.hrp === 'bc' ? 'main' : 'test' };
}

function checkBitcoin(address: string, want: Network): AddressCheck {
  const looksSegwit = /^(bc|tb)1/i.test(address);
  const { check, network } = looksSegwit ? checkSegwit(address) : checkBase58Check(address);
  if (!check.ok) return check;
  return network === want ? ok : fail('chain');
}

function checkSolana(address: string): AddressCheck {
  if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(address)) return fail('format');
  return base58Decode(address)?.length === 32 ? ok : fail('format');
}

const CHECKS: Record<Family, (address: string) => AddressCheck> = {
  evm: checkEvm,
  bitcoin: (a) => checkBitcoin(a, 'main'),
  bitcoinTestnet: (a) => checkBitcoin(a, 'test'),
  solana: checkSolana,
};

/**
 * Is `address` a valid receiving address on `chainCode`? Surrounding whitespace is ignored (store the
 * trimmed value). An address of another known family answers `chain`; unknown chains accept any
 * non-empty token of at most 128 characters without whitespace.
 */
export function validateAddress(address: string, chainCode: string | undefined): AddressCheck {
  const a = address.trim();
  if (a === '') return fail('empty');
  if (/\s/.test(a) || a.length > 128) return fail('format');
  const family = addressFamily(chainCode);
  if (family === null) return ok;
  const check = CHECKS[family](a);
  if (check.ok || check.reason !== 'format') return check;
  const otherFamily = (Object.keys(CHECKS) as Family[]).some((f) => f !== family && CHECKS[f](a).ok);
  return otherFamily ? fail('chain') : check;
}
