import { describe, expect, it } from 'vitest';
import { shortenMiddle } from './middle';

describe('shortenMiddle', () => {
  it('keeps both ends of a long identifier', () => {
    expect(shortenMiddle('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe('0x5aAe…1BeAed');
    expect(shortenMiddle('bc1qr74wmrcwqq9w5yxczxj6udts9mnqsh3xlhk5yp', 8, 6)).toBe('bc1qr74w…lhk5yp');
  });

  it('leaves a short one whole', () => {
    expect(shortenMiddle('rXYZ12345678')).toBe('rXYZ12345678');
    expect(shortenMiddle('1234567890123')).toBe('1234567890123');
    expect(shortenMiddle('12345678901234')).toBe('123456…901234');
  });
});
