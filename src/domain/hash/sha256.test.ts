import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha256 } from './sha256';

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('sha256', () => {
  // FIPS 180-2 appendix B / NIST CAVS examples.
  it.each([
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    [
      'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq',
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    ],
  ])('hashes %j', (text, digest) => {
    expect(hex(sha256(utf8(text)))).toBe(digest);
  });

  it('hashes one million "a"', () => {
    expect(hex(sha256(new Uint8Array(1_000_000).fill(0x61)))).toBe(
      'cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0',
    );
  });

  it('agrees with node:crypto on every length around the block and length-field edges', () => {
    for (let length = 0; length <= 200; length++) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 31 + length) & 255);
      expect(hex(sha256(bytes)), `length ${length}`).toBe(createHash('sha256').update(bytes).digest('hex'));
    }
  });

  it('agrees with node:crypto on arbitrary input, including views into larger buffers', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 1000 }), fc.nat(16), (bytes, head) => {
        const backing = new Uint8Array(head + bytes.length + 3).fill(0xee);
        backing.set(bytes, head);
        const view = backing.subarray(head, head + bytes.length);
        expect(hex(sha256(view))).toBe(createHash('sha256').update(bytes).digest('hex'));
      }),
    );
  });
});
