import { describe, expect, it, vi } from 'vitest';
import { errorKey, statusKey } from './codes';
import { createTranslator } from './translator';

const t = createTranslator('en');

describe('statusKey', () => {
  it('names statuses in words, unknown ones included', () => {
    expect(t(statusKey('SETTLED'))).toBe('Completed');
    expect(t(statusKey('settled'))).toBe('Completed');
    expect(t(statusKey('PENDING_CREATED'))).toBe('Awaiting payment');
    expect(t(statusKey('CANCELLED'))).toBe('Cancelled');
    expect(t(statusKey('ON_THE_MOON'), { status: 'ON_THE_MOON' })).toBe('Status: ON_THE_MOON');
  });
});

describe('errorKey', () => {
  it.each([
    [{ code: 'NO_VALID_QUOTES', status: 400 }, 'error.NO_VALID_QUOTES'],
    [
      { code: 'BAD_REQUEST', status: 400, message: 'No valid quotes available for this request' },
      'error.NO_VALID_QUOTES',
    ],
    [{ code: 'NETWORK_ERROR', status: 0 }, 'error.NETWORK_ERROR'],
    [{ code: 'TIMEOUT', status: 0 }, 'error.TIMEOUT'],
    [{ code: 'MALFORMED_RESPONSE', status: 502 }, 'error.MALFORMED_RESPONSE'],
    [{ code: 'WHATEVER', status: 429 }, 'error.RATE_LIMITED'],
    [{ code: 'RATE_LIMITED', status: 0 }, 'error.RATE_LIMITED'],
    [{ code: 'UNEXPECTED_ERROR', status: 503 }, 'error.SERVER'],
    ['UNAVAILABLE', 'error.UNAVAILABLE'],
    [{ code: 'FORBIDDEN', status: 403 }, 'error.GENERIC'],
    [new Error('boom'), 'error.GENERIC'],
    [null, 'error.GENERIC'],
  ])('%o → %s', (error, key) => {
    expect(errorKey(error)).toBe(key);
  });

  it('says a refused origin to the developer in development, and plainly to shoppers otherwise', () => {
    // Vitest is a development build.
    expect(t(errorKey({ code: 'ORIGIN_NOT_ALLOWED', status: 0 }))).toMatch(
      /not in the checkout server's RAMP_ALLOWED_ORIGINS: add it there/,
    );
    vi.stubEnv('NODE_ENV', 'production');
    try {
      expect(errorKey({ code: 'ORIGIN_NOT_ALLOWED', status: 0 })).toBe('error.ORIGIN_NOT_ALLOWED');
      expect(t('error.ORIGIN_NOT_ALLOWED')).toBe('This checkout is not available on this website.');
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('gives the NO_VALID_QUOTES way out in words', () => {
    expect(t(errorKey({ code: 'NO_VALID_QUOTES' }))).toBe(
      'No partner can quote this. Try another payment method or amount.',
    );
  });
});
