import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keccak256 } from './keccak256';

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
const a3 = (length: number): Uint8Array => new Uint8Array(length).fill(0xa3);

describe('keccak256', () => {
  it.each([
    ['', 'c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470'],
    ['abc', '4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45'],
    [
      'The quick brown fox jumps over the lazy dog',
      '4d741b6f1eb29cb2a9b9911c82f56fa8d73b04959d3d9d222895df6c0b28aa15',
    ],
  ])('hashes %j like Ethereum (original Keccak padding, not SHA3-256)', (text, digest) => {
    expect(hex(keccak256(utf8(text)))).toBe(digest);
  });

  it('absorbs inputs longer than the 136-byte rate (200 × 0xa3)', () => {
    expect(hex(keccak256(a3(200)))).toBe('3a57666b048777f2c953dc4456f45a2588e1cb6f2da760122d530ac2ce607d4a');
  });

  // Around the rate: the padding shares the last byte (135), needs a block of its own (136), or
  // starts a second block (137, 271, 272). Digests cross-checked against @noble/hashes.
  it.each([
    [135, '3d28d08c3dacab77392064a939f3e7f8d03f2e02e2c664ac08a05f63ac652626'],
    [136, 'b82d89d96e5575d11a9e1f4cabb2a45e60899e69a19a724cd796bdcf13511018'],
    [137, 'ec8008a74e50bc7d6b22c3ad85402bf10e6d4449f3c8618e36c461b8a44eeafb'],
    [271, '4f073300c4baf7a364519ec173f5e70e334c954bd56f2d79a4c4f0d3698c8dce'],
    [272, 'a657381e5615f539cac71f13c74473a5e77eaa2bd8348422dcac221c8f13da94'],
  ])('pads correctly at %i bytes', (length, digest) => {
    expect(hex(keccak256(a3(length)))).toBe(digest);
  });

  it('gives the Solidity function selectors', () => {
    expect(hex(keccak256(utf8('transfer(address,uint256)'))).slice(0, 8)).toBe('a9059cbb');
    expect(hex(keccak256(utf8('balanceOf(address)'))).slice(0, 8)).toBe('70a08231');
  });

  it('hashes a view by its own bytes and leaves the input untouched', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.nat(20), fc.nat(20), (bytes, head, tail) => {
        const backing = new Uint8Array(head + bytes.length + tail).fill(0xee);
        backing.set(bytes, head);
        const view = backing.subarray(head, head + bytes.length);
        const digest = keccak256(view);
        expect(digest).toHaveLength(32);
        expect(hex(digest)).toBe(hex(keccak256(Uint8Array.from(bytes))));
        expect(hex(view)).toBe(hex(bytes));
      }),
      { numRuns: 200 },
    );
  });
});
