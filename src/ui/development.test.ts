import { afterEach, describe, expect, it, vi } from 'vitest';
import { inDevelopment } from './development';

afterEach(() => vi.unstubAllEnvs());

describe('inDevelopment', () => {
  it('is a development build, or a page on this machine', () => {
    expect(inDevelopment('shop.example')).toBe(true); // vitest: NODE_ENV=test
    vi.stubEnv('NODE_ENV', 'production');
    expect(inDevelopment('shop.example')).toBe(false);
    expect(inDevelopment(undefined)).toBe(false);
    for (const host of ['localhost', 'shop.localhost', '127.0.0.1', '[::1]'])
      expect(inDevelopment(host)).toBe(true);
    expect(inDevelopment('localhost.example')).toBe(false);
  });
});
