import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeBech32, decodeSegwit, fromWords } from './bech32';

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

/** A reference encoder written from BIP-173's Python, for the round trips. */
function encode(hrp: string, words: number[], constant: number): string {
  const charset = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
  const gen = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  const polymod = (values: number[]) =>
    values.reduce((chk, v) => {
      const b = chk >>> 25;
      return gen.reduce((c, g, i) => ((b >> i) & 1 ? c ^ g : c), ((chk & 0x1ffffff) << 5) ^ v);
    }, 1);
  const expanded = [...hrp].map((c) => c.charCodeAt(0));
  const values = [...expanded.map((c) => c >> 5), 0, ...expanded.map((c) => c & 31), ...words];
  const mod = polymod([...values, 0, 0, 0, 0, 0, 0]) ^ constant;
  const checksum = [0, 1, 2, 3, 4, 5].map((i) => (mod >>> (5 * (5 - i))) & 31);
  return `${hrp}1${[...words, ...checksum].map((w) => charset[w]).join('')}`;
}

function toWords(bytes: Uint8Array): number[] {
  const words: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const b of bytes) {
    acc = (acc << 8) | b;
    bits += 8;
    for (; bits >= 5; bits -= 5) words.push((acc >> (bits - 5)) & 31);
  }
  if (bits) words.push((acc << (5 - bits)) & 31);
  return words;
}

describe('decodeBech32', () => {
  it.each([
    'A12UEL5L',
    'a12uel5l',
    'an83characterlonghumanreadablepartthatcontainsthenumber1andtheexcludedcharactersbio1tt5tgs',
    'abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw',
    '11qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqc8247j',
    'split1checkupstagehandshakeupstreamerranterredcaperred2y9e3w',
    '?1ezyfcl',
  ])('BIP-173 valid bech32: %s', (text) => {
    expect(decodeBech32(text)).toMatchObject({
      hrp: text.slice(0, text.lastIndexOf('1')).toLowerCase(),
      encoding: 'bech32',
    });
  });

  it.each([
    'A1LQFN3A',
    'a1lqfn3a',
    'an83characterlonghumanreadablepartthatcontainsthetheexcludedcharactersbioandnumber11sg7hg6',
    'abcdef1l7aum6echk45nj3s0wdvt2fg8x9yrzpqzd3ryx',
    '11llllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllludsr8',
    'split1checkupstagehandshakeupstreamerranterredcaperredlc445v',
    '?1v759aa',
  ])('BIP-350 valid bech32m: %s', (text) => {
    expect(decodeBech32(text)).toMatchObject({
      hrp: text.slice(0, text.lastIndexOf('1')).toLowerCase(),
      encoding: 'bech32m',
    });
  });

  it('strips the checksum from the data words', () => {
    expect(decodeBech32('abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw')).toEqual({
      hrp: 'abcdef',
      words: Array.from({ length: 32 }, (_, i) => i),
      encoding: 'bech32',
    });
    expect(decodeBech32('A12UEL5L')).toEqual({ hrp: 'a', words: [], encoding: 'bech32' });
  });

  it.each([
    [' 1nwldj5', 'HRP character out of range'],
    ['\x7f1axkwrx', 'HRP character out of range'],
    ['\x801eym55h', 'HRP character out of range'],
    [
      'an84characterslonghumanreadablepartthatcontainsthenumber1andtheexcludedcharactersbio1569pvx',
      'too long',
    ],
    ['pzry9x0s0muk', 'no separator'],
    ['1pzry9x0s0muk', 'empty HRP'],
    ['x1b4n0q5v', 'invalid data character'],
    ['li1dgmt3', 'checksum too short'],
    ['de1lg7wt\xff', 'invalid character in checksum'],
    ['A1G7SGD8', 'checksum of the uppercase HRP'],
    ['10a06t8', 'empty HRP'],
    ['1qzzfhee', 'empty HRP'],
    [' 1xj0phk', 'HRP character out of range'],
    ['\x7f1g6xzxy', 'HRP character out of range'],
    ['\x801vctc34', 'HRP character out of range'],
    [
      'an84characterslonghumanreadablepartthatcontainsthetheexcludedcharactersbioandnumber11d6pts4',
      'too long',
    ],
    ['qyrz8wqd2c9m', 'no separator'],
    ['1qyrz8wqd2c9m', 'empty HRP'],
    ['y1b0jsk6g', 'invalid data character'],
    ['lt1igcx5c0', 'invalid data character'],
    ['in1muywd', 'checksum too short'],
    ['mm1crxm3i', 'invalid character in checksum'],
    ['au1s5cgom', 'invalid character in checksum'],
    ['M1VUXWEZ', 'checksum of the uppercase HRP'],
    ['16plkw9', 'empty HRP'],
    ['1p2gdwpf', 'empty HRP'],
    ['tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq47Zagq', 'mixed case'],
    ['A12UEL5\u212a', 'a non-ASCII letter that lowercases to ASCII'],
  ])('BIP-173/BIP-350 invalid: %j (%s)', (text) => {
    expect(decodeBech32(text)).toBeNull();
  });

  it('round-trips any hrp and data under either constant, in either case', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c).toLowerCase()),
          minLength: 1,
          maxLength: 20,
        }),
        fc.array(fc.integer({ min: 0, max: 31 }), { maxLength: 60 }),
        fc.boolean(),
        fc.boolean(),
        (hrp, words, m, upper) => {
          fc.pre(hrp.length + words.length + 7 <= 90);
          const text = encode(hrp, words, m ? 0x2bc830a3 : 1);
          expect(decodeBech32(upper ? text.toUpperCase() : text)).toEqual({
            hrp,
            words,
            encoding: m ? 'bech32m' : 'bech32',
          });
        },
      ),
    );
  });

  it('detects any single substituted character', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 1, maxLength: 40 }),
        fc.nat(),
        fc.integer({ min: 1, max: 31 }),
        (bytes, at, delta) => {
          const text = encode('bc', toWords(bytes), 1);
          const charset = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
          const i = 3 + (at % (text.length - 3));
          const changed = charset[(charset.indexOf(text[i] ?? '') + delta) % 32] ?? '';
          expect(decodeBech32(text.slice(0, i) + changed + text.slice(i + 1))).toBeNull();
        },
      ),
    );
  });
});

describe('fromWords', () => {
  it('regroups 5-bit words into bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        expect(fromWords(toWords(bytes))).toEqual(bytes);
      }),
    );
  });

  it('refuses more than 4 bits of padding, or non-zero padding', () => {
    expect(fromWords([0, 0, 0])).toBeNull(); // 15 bits: one byte, then 7 bits of padding
    expect(fromWords([0])).toBeNull(); // 5 bits of padding, no byte
    expect(fromWords([0, 0])).toEqual(Uint8Array.of(0)); // 10 bits: one byte and 2 padding bits
    expect(fromWords([31, 28])).toEqual(Uint8Array.of(0xff));
    expect(fromWords([31, 29])).toBeNull();
  });
});

describe('decodeSegwit', () => {
  it.each([
    ['BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', '0014751e76e8199196d454941c45d1b3a323f1433bd6'],
    [
      'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7',
      '00201863143c14c5166804bd19203356da136c985678cd4d27a1b8c6329604903262',
    ],
    [
      'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y',
      '5128751e76e8199196d454941c45d1b3a323f1433bd6751e76e8199196d454941c45d1b3a323f1433bd6',
    ],
    ['BC1SW50QGDZ25J', '6002751e'],
    ['bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs', '5210751e76e8199196d454941c45d1b3a323'],
    [
      'tb1qqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesrxh6hy',
      '0020000000c4a5cad46221b2a187905e5266362b99d5e91c6ce24d165dab93e86433',
    ],
    [
      'tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c',
      '5120000000c4a5cad46221b2a187905e5266362b99d5e91c6ce24d165dab93e86433',
    ],
    [
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
      '512079be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798',
    ],
  ])('BIP-350 valid: %s → scriptPubKey %s', (address, script) => {
    const decoded = decodeSegwit(address);
    expect(decoded).not.toBeNull();
    const { hrp, version, program } = decoded ?? { hrp: '', version: -1, program: new Uint8Array() };
    // scriptPubKey = OP_version (0x00 or 0x50 + v), push of the program length, the program.
    const op = version === 0 ? 0 : 0x50 + version;
    expect(hex(Uint8Array.of(op, program.length, ...program))).toBe(script);
    expect(hrp).toBe(address.slice(0, 2).toLowerCase());
  });

  it.each([
    'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd', // bech32 instead of bech32m
    'tb1z0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqglt7rf',
    'BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL',
    'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh', // bech32m instead of bech32
    'tb1q0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq24jc47',
    'bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4', // invalid checksum character
    'BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R', // witness version 17
    'bc1pw5dgrnzv', // 1-byte program
    'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav', // 41 bytes
    'BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P', // v0 with 16 bytes
    'tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq47Zagq', // mixed case
    'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf', // > 4 bits of padding
    'tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vpggkg4j', // non-zero padding
    'bc1gmk9yu', // empty data
    // BIP-173's list, plus its v1+ bech32 "valid" addresses that BIP-350 made invalid.
    'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5',
    'BC13W508D6QEJXTDG4Y5R3ZARVARY0C5XW7KN40WF2',
    'bc1rw5uspcuh',
    'bc10w508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kw5rljs90',
    'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sL5k7',
    'bc1zw508d6qejxtdg4y5r3zarvaryvqyzf3du',
    'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3pjxtptv',
    'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7k7grplx',
    'BC1SW50QA3JX3S',
    'bc1zw508d6qejxtdg4y5r3zarvaryvg6kdaj',
  ])('BIP-173/BIP-350 invalid: %s', (address) => {
    expect(decodeSegwit(address)).toBeNull();
  });

  it('leaves the hrp to the caller (tc1… decodes, with hrp "tc")', () => {
    expect(decodeSegwit('tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut')?.hrp).toBe('tc');
  });

  it('decodes every well-formed witness program', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 16 }),
        fc.uint8Array({ minLength: 2, maxLength: 40 }),
        (version, program) => {
          fc.pre(version !== 0 || program.length === 20 || program.length === 32);
          const address = encode('bc', [version, ...toWords(program)], version === 0 ? 1 : 0x2bc830a3);
          expect(decodeSegwit(address)).toEqual({ hrp: 'bc', version, program });
        },
      ),
    );
  });
});
