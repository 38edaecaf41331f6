// Bech32 (BIP-173) and bech32m (BIP-350) decoding, and segwit address decoding on top of it.
const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const GENERATORS = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];

export type Bech32Encoding = 'bech32' | 'bech32m';
export interface Bech32Decoded {
  hrp: string;
  /** The 5-bit data words, checksum removed. */
  words: number[];
  /** Which checksum constant matched: 1 (bech32) or 0x2bc830a3 (bech32m). */
  encoding: Bech32Encoding;
}
export interface SegwitDecoded {
  hrp: string;
  version: number;
  program: Uint8Array;
}

function polymod(values: number[]): number {
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    GENERATORS.forEach((g, i) => {
      if ((top >> i) & 1) chk ^= g;
    });
  }
  return chk;
}

/**
 * Splits a bech32 or bech32m string (either case, never mixed; at most 90 characters) into its
 * lowercase hrp and data words, or null when malformed or neither checksum matches.
 */
export function decodeBech32(text: string): Bech32Decoded | null {
  // Printable ASCII only: case folding of other characters could otherwise sneak letters in.
  if (!/^[\x21-\x7e]{8,90}$/.test(text)) return null;
  const lower = text.toLowerCase();
  if (text !== lower && text !== text.toUpperCase()) return null;
  const sep = lower.lastIndexOf('1');
  if (sep < 1 || sep + 7 > lower.length) return null;
  const hrp = lower.slice(0, sep);
  const words: number[] = [];
  for (const char of lower.slice(sep + 1)) {
    const v = CHARSET.indexOf(char);
    if (v < 0) return null;
    words.push(v);
  }
  const codes = [...hrp].map((c) => c.charCodeAt(0));
  const chk = polymod([...codes.map((c) => c >> 5), 0, ...codes.map((c) => c & 31), ...words]);
  const encoding = chk === 1 ? 'bech32' : chk === 0x2bc830a3 ? 'bech32m' : null;
  return encoding && { hrp, words: words.slice(0, -6), encoding };
}

/**
 * Regroups 5-bit words into bytes, or null when more than 4 bits, or any non-zero bits, are left
 * over as padding (BIP-173's convertbits without padding).
 */
export function fromWords(words: readonly number[]): Uint8Array | null {
  const out: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const w of words) {
    acc = ((acc << 5) | w) & 0xfff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      out.push((acc >> bits) & 255);
    }
  }
  return bits < 5 && !(acc & ((1 << bits) - 1)) ? Uint8Array.from(out) : null;
}

/**
 * A segwit address's witness version and program (BIP-173, BIP-350): version 0..16, program 2..40
 * bytes (20 or 32 for version 0), bech32 for version 0 and bech32m above. Null otherwise.
 */
export function decodeSegwit(address: string): SegwitDecoded | null {
  const decoded = decodeBech32(address);
  if (!decoded) return null;
  const [version, ...data] = decoded.words;
  const program = fromWords(data);
  if (version === undefined || version > 16 || !program || program.length < 2 || program.length > 40)
    return null;
  if (version === 0 && program.length !== 20 && program.length !== 32) return null;
  if ((version === 0) !== (decoded.encoding === 'bech32')) return null;
  return { hrp: decoded.hrp, version, program };
}
