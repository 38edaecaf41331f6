// Wallet address shapes per chain family: enough to pick USDC's chain from the wallet and to
// refuse an address that cannot belong to the chosen crypto. Deterministic fake addresses and
// hashes for seeded data and settled transactions.

import { sha256 } from '@noble/hashes/sha2.js';
import { base58, bech32, hex, utf8 } from '@scure/base';
import type { ChainCode } from './data/currencies';

export type AddressFamily = 'EVM' | 'SOLANA' | 'BITCOIN' | 'XRP';

export const FAMILY_OF: Readonly<Record<ChainCode, AddressFamily>> = {
  BITCOIN: 'BITCOIN',
  ETHEREUM: 'EVM',
  POLYGON: 'EVM',
  SOLANA: 'SOLANA',
  XRP_LEDGER: 'XRP',
};

const EVM = /^0x[0-9a-fA-F]{40}$/;
const BITCOIN = /^(?:(?:bc|tb|bcrt)1[02-9ac-hj-np-z]{11,71}|[13mn2][1-9A-HJ-NP-Za-km-z]{25,34})$/;
const SOLANA = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
// Classic XRP Ledger addresses: base58 (Ripple's alphabet) starting with r, 25 to 35 characters.
const XRP = /^r[1-9A-HJ-NP-Za-km-z]{24,34}$/;

/** The family an address belongs to (EVM first: Solana's alphabet would not match 0x anyway). */
export function addressFamily(address: string | undefined): AddressFamily | undefined {
  if (!address) return undefined;
  if (EVM.test(address)) return 'EVM';
  if (BITCOIN.test(address)) return 'BITCOIN';
  if (XRP.test(address)) return 'XRP';
  if (SOLANA.test(address)) return 'SOLANA';
  return undefined;
}

const digest = (seed: string) => sha256(utf8.decode(seed));

/** A stable, well-formed address on `chain` derived from `seed`. */
export function fakeAddress(chain: ChainCode, seed: string): string {
  const bytes = digest(`${chain}:${seed}`);
  switch (FAMILY_OF[chain]) {
    case 'EVM':
      return `0x${hex.encode(bytes.slice(0, 20))}`;
    case 'SOLANA':
      return base58.encode(bytes);
    case 'BITCOIN':
      return bech32.encode('bc', [0, ...bech32.toWords(bytes.slice(0, 20))]);
    case 'XRP':
      return `r${base58.encode(bytes.slice(0, 20))}`.slice(0, 34);
  }
}

/** A stable, well-formed transaction hash on `chain`. */
export function fakeTxHash(chain: ChainCode, seed: string): string {
  const bytes = digest(`tx:${chain}:${seed}`);
  switch (FAMILY_OF[chain]) {
    case 'EVM':
      return `0x${hex.encode(bytes)}`;
    case 'SOLANA':
      return base58.encode(new Uint8Array([...bytes, ...digest(`tx2:${seed}`)]));
    case 'BITCOIN':
      return hex.encode(bytes);
    case 'XRP':
      return hex.encode(bytes).toUpperCase();
  }
}

export const shortHash = (seed: string, length = 16): string => hex.encode(digest(seed)).slice(0, length);
