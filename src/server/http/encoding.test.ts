import { describe, expect, it } from 'vitest';
import { pickEncoding } from './encoding';

describe('pickEncoding', () => {
  const both = ['br', 'gzip'] as const;

  it('takes brotli from a browser that accepts it, else gzip, else nothing', () => {
    expect(pickEncoding('gzip, deflate, br, zstd', both)).toBe('br');
    expect(pickEncoding('gzip, deflate', both)).toBe('gzip');
    expect(pickEncoding('deflate', both)).toBeUndefined();
    expect(pickEncoding('', both)).toBeUndefined();
    expect(pickEncoding(undefined, both)).toBeUndefined();
  });

  it('offers only the variants that exist', () => {
    expect(pickEncoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(pickEncoding('br', ['gzip'])).toBeUndefined();
    expect(pickEncoding('br, gzip', [])).toBeUndefined();
  });

  it('follows the q-values: the highest weight wins and q=0 refuses', () => {
    expect(pickEncoding('br;q=0.5, gzip;q=0.8', both)).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip', both)).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0', both)).toBeUndefined();
    expect(pickEncoding('GZIP ; Q=1.0', both)).toBe('gzip');
    expect(pickEncoding('br;q=banana, gzip', both)).toBe('gzip');
  });

  it('reads * as every coding not named', () => {
    expect(pickEncoding('*', both)).toBe('br');
    expect(pickEncoding('br;q=0, *', both)).toBe('gzip');
    expect(pickEncoding('identity, *;q=0', both)).toBeUndefined();
  });
});
