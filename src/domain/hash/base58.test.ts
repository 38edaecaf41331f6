import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base58Decode } from './base58';

const hex = (bytes: Uint8Array | null): string | null => bytes && Buffer.from(bytes).toString('hex');

/** An independent reference encoder (BigInt arithmetic) for the round trips. */
function encode(bytes: Uint8Array): string {
  const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  let n = bytes.reduce((acc, b) => acc * 256n + BigInt(b), 0n);
  let out = '';
  for (; n > 0n; n /= 58n) out = alphabet[Number(n % 58n)] + out;
  const zeros = bytes.findIndex((b) => b !== 0);
  return '1'.repeat(zeros < 0 ? bytes.length : zeros) + out;
}

describe('base58Decode', () => {
  // Bitcoin Core's src/test/data/base58_encode_decode.json.
  it.each([
    ['', ''],
    ['61', '2g'],
    ['626262', 'a3gV'],
    ['636363', 'aPEr'],
    ['73696d706c792061206c6f6e6720737472696e67', '2cFupjhnEsSn59qHXstmK2ffpLv2'],
    ['00eb15231dfceb60925886b67d065299925915aeb172c06647', '1NS17iag9jJgTHD1VXjvLCEnZuQ3rJDE9L'],
    ['516b6fcd0f', 'ABnLTmg'],
    ['bf4f89001e670274dd', '3SEo3LWLoPntC'],
    ['572e4794', '3EFU7m'],
    ['ecac89cad93923c02321', 'EJDM8drfXA6uyA'],
    ['10c8511e', 'Rt5zm'],
    ['00000000000000000000', '1111111111'],
    [
      '00000000000000000000000000000000000000000000000000000000000000000000000000000001',
      '1111111111111111111111111111111111111112',
    ],
    [
      '000111d38e5fc9071ffcd20b4a763cc9ae4f252bb4e48fd66a835e252ada93ff480d6dd43dc62a641155a5',
      '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz',
    ],
    ['271f359e', 'zzzzy'],
    ['271f359f', 'zzzzz'],
    ['271f35a0', '211111'],
    ['271f35a1', '211112'],
  ])('decodes %s from %j', (bytes, text) => {
    expect(hex(base58Decode(text))).toBe(bytes);
  });

  it('reads each leading "1" as a zero byte (Solana system program = 32 zero bytes)', () => {
    expect(base58Decode('1'.repeat(32))).toEqual(new Uint8Array(32));
    expect(hex(base58Decode('112'))).toBe('000001');
  });

  it.each(['0', 'O', 'I', 'l', '1A1zP1eP5QGefi2DMPTfTL5SLmv7Divf0a', 'abc def', 'a+b', 'ä', '😀'])(
    'rejects %j (outside the alphabet)',
    (text) => {
      expect(base58Decode(text)).toBeNull();
    },
  );

  it('round-trips any bytes, leading zeros included', () => {
    fc.assert(
      fc.property(fc.nat(4), fc.uint8Array({ maxLength: 48 }), (zeros, rest) => {
        const bytes = Uint8Array.from([...new Uint8Array(zeros), ...rest]);
        expect(hex(base58Decode(encode(bytes)))).toBe(hex(bytes));
      }),
    );
  });
});
