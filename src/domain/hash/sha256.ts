// Synchronous SHA-256 (FIPS 180-4). WebCrypto's digest is async-only, and address checks are sync.

// Initial hash and round constants: the first 32 fractional bits of the square roots (first 8
// primes) and cube roots (first 64 primes). Computing them is smaller than 72 literals, and safe:
// every exact value sits at least 0.005 of a unit away from a rounding boundary, while the float
// error is a few millionths of a unit.
const H: number[] = [];
const K: number[] = [];
const frac32 = (x: number): number => ((x - Math.floor(x)) * 2 ** 32) >>> 0;
for (let n = 2; K.length < 64; n++) {
  let prime = true;
  for (let d = 2; d * d <= n; d++) if (n % d === 0) prime = false;
  if (!prime) continue;
  if (H.length < 8) H.push(frac32(Math.sqrt(n)));
  K.push(frac32(Math.cbrt(n)));
}

const ror = (x: number, n: number): number => (x >>> n) | (x << (32 - n));

/** SHA-256 digest (32 bytes) of `data`. */
export function sha256(data: Uint8Array): Uint8Array {
  // Message, 0x80, zeros, then the bit length as a big-endian 64-bit number, in 64-byte blocks.
  const len = data.length;
  const buf = new Uint8Array(((len + 72) >> 6) << 6);
  buf.set(data);
  buf[len] = 0x80;
  const view = new DataView(buf.buffer);
  view.setUint32(buf.length - 8, len / 2 ** 29);
  view.setUint32(buf.length - 4, len << 3);
  const h = H.slice();
  const w = new Uint32Array(64);
  for (let off = 0; off < buf.length; off += 64) {
    for (let i = 0; i < 64; i++) {
      if (i < 16) {
        w[i] = view.getUint32(off + 4 * i);
      } else {
        const a = w[i - 15]!;
        const b = w[i - 2]!;
        w[i] =
          (ror(a, 7) ^ ror(a, 18) ^ (a >>> 3)) +
          w[i - 16]! +
          (ror(b, 17) ^ ror(b, 19) ^ (b >>> 10)) +
          w[i - 7]!;
      }
    }
    let [a, b, c, d, e, f, g, k] = h as [number, number, number, number, number, number, number, number];
    for (let i = 0; i < 64; i++) {
      const t1 = k + (ror(e, 6) ^ ror(e, 11) ^ ror(e, 25)) + ((e & f) ^ (~e & g)) + K[i]! + w[i]!;
      const t2 = (ror(a, 2) ^ ror(a, 13) ^ ror(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
      k = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    [a, b, c, d, e, f, g, k].forEach((v, i) => (h[i] = (h[i]! + v) | 0));
  }
  const out = new Uint8Array(32);
  const outView = new DataView(out.buffer);
  h.forEach((v, i) => outView.setUint32(4 * i, v));
  return out;
}
