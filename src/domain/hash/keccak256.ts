// Keccak-256 as Ethereum uses it (original Keccak padding 0x01, not SHA3's 0x06). Each 64-bit lane
// is a (lo, hi) pair of 32-bit words, so no BigInt is needed.

// Round constants (lo, hi), rho rotations and the pi lane order, derived like FIPS 202 does
// rather than spelled out: a few lines of loop are smaller than 96 literals.
const RC: number[] = [];
const ROT: number[] = [];
const PI: number[] = [];
for (let t = 0, x = 1, y = 0, r = 1; t < 24; t++) {
  [x, y] = [y, (2 * x + 3 * y) % 5];
  PI.push(2 * (x + 5 * y));
  ROT.push((((t + 1) * (t + 2)) / 2) % 64);
  let lo = 0;
  let hi = 0;
  for (let j = 0; j < 7; j++) {
    r = ((r << 1) ^ ((r >> 7) * 0x71)) & 255;
    const bit = (1 << j) - 1;
    if (r & 2) {
      if (bit < 32) lo ^= 1 << bit;
      else hi ^= 1 << (bit - 32);
    }
  }
  RC.push(lo, hi);
}

const C = new Uint32Array(10);

/** Keccak-f[1600] on 25 lanes stored as s[2i] = low word, s[2i + 1] = high word. */
function permute(s: Uint32Array): void {
  for (let round = 0; round < 48; round += 2) {
    // theta
    for (let x = 0; x < 10; x++) C[x] = s[x]! ^ s[x + 10]! ^ s[x + 20]! ^ s[x + 30]! ^ s[x + 40]!;
    for (let x = 0; x < 10; x += 2) {
      const l = C[(x + 2) % 10]!;
      const h = C[(x + 3) % 10]!;
      const dl = C[(x + 8) % 10]! ^ ((l << 1) | (h >>> 31));
      const dh = C[(x + 9) % 10]! ^ ((h << 1) | (l >>> 31));
      for (let y = 0; y < 50; y += 10) {
        s[x + y] = s[x + y]! ^ dl;
        s[x + y + 1] = s[x + y + 1]! ^ dh;
      }
    }
    // rho and pi together: walk the pi cycle, rotating each lane into its new place.
    // No rotation is 0 or 32, so the shifts below never reach 32.
    let l = s[2]!;
    let h = s[3]!;
    for (let t = 0; t < 24; t++) {
      const j = PI[t]!;
      const n = ROT[t]!;
      const m = n & 31;
      const a = n < 32 ? l : h;
      const b = n < 32 ? h : l;
      l = s[j]!;
      h = s[j + 1]!;
      s[j] = (a << m) | (b >>> (32 - m));
      s[j + 1] = (b << m) | (a >>> (32 - m));
    }
    // chi
    for (let y = 0; y < 50; y += 10) {
      for (let x = 0; x < 10; x++) C[x] = s[y + x]!;
      for (let x = 0; x < 10; x++) s[y + x] = s[y + x]! ^ (~C[(x + 2) % 10]! & C[(x + 4) % 10]!);
    }
    // iota
    s[0] = s[0]! ^ RC[round]!;
    s[1] = s[1]! ^ RC[round + 1]!;
  }
}

/** Keccak-256 digest (32 bytes) of `data`. */
export function keccak256(data: Uint8Array): Uint8Array {
  const rate = 136;
  const blocks = new Uint8Array((Math.floor(data.length / rate) + 1) * rate);
  blocks.set(data);
  // Padding 0x01 … 0x80 (a single 0x81 when only one byte is left in the block).
  const last = blocks.length - 1;
  blocks[data.length] = 0x01;
  blocks[last] = blocks[last]! | 0x80;
  const s = new Uint32Array(50);
  for (let off = 0; off < blocks.length; off += rate) {
    // Lanes are little-endian: byte i lands in word i >> 2 at bit 8 * (i & 3).
    for (let i = 0; i < rate; i++) s[i >> 2] = s[i >> 2]! ^ (blocks[off + i]! << ((i & 3) << 3));
    permute(s);
  }
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = s[i >> 2]! >>> ((i & 3) << 3);
  return out;
}
