// Base58 decoding with the Bitcoin alphabet (also Solana's): no 0, O, I or l.
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** The bytes `text` encodes, or null when it holds a character outside the alphabet. */
export function base58Decode(text: string): Uint8Array | null {
  // The big number, little-endian, grown one digit at a time (quadratic, fine for addresses).
  const num: number[] = [];
  for (const char of text) {
    let carry = ALPHABET.indexOf(char);
    if (carry < 0) return null;
    for (let i = 0; i < num.length; i++) {
      carry += num[i]! * 58;
      num[i] = carry & 255;
      carry >>= 8;
    }
    for (; carry; carry >>= 8) num.push(carry & 255);
  }
  // Each leading '1' (digit zero) stands for one leading zero byte.
  let zeros = 0;
  while (text[zeros] === '1') zeros++;
  const out = new Uint8Array(zeros + num.length);
  out.set(num.reverse(), zeros);
  return out;
}
