import { describe, expect, it } from 'vitest';
import { explorerUrl } from './explorer';

describe('explorerUrl', () => {
  it('links a hash on a known chain', () => {
    expect(explorerUrl('ETHEREUM', '0xabc0123456789abcdef0123456789abcdef')).toBe(
      'https://etherscan.io/tx/0xabc0123456789abcdef0123456789abcdef',
    );
  });
  it('gives nothing for an unknown chain or a malformed hash', () => {
    expect(explorerUrl('NOPE', '0xabc0123456789abcdef')).toBeUndefined();
    expect(explorerUrl('BITCOIN', 'javascript:alert(1)')).toBeUndefined();
    expect(explorerUrl('BITCOIN', undefined)).toBeUndefined();
  });
});
