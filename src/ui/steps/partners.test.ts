import { describe, expect, it } from 'vitest';
import { partnerHue, partnerName } from './partners';

describe('partner display names', () => {
  it('names known partners as they write themselves, others in title case', () => {
    expect(partnerName('MOONPAY')).toBe('MoonPay');
    expect(partnerName('BANXA')).toBe('Banxa');
    expect(partnerName('NEW_PARTNER')).toBe('New Partner');
  });
  it('gives each partner a stable hue', () => {
    expect(partnerHue('BANXA')).toBe(partnerHue('BANXA'));
    expect(partnerHue('BANXA')).not.toBe(partnerHue('TOPPER'));
  });
});
