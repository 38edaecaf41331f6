import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  RampError,
  abortedError,
  isNoValidQuotes,
  isRetryableStatus,
  malformedResponse,
  networkError,
  timeoutError,
  toRampError,
} from './errors';
import { fixture, fixtures, statusOf } from './test-fixtures';

const retryableStatuses = new Set([408, 425, 429]);
const expectedRetryable = (status: number) => retryableStatuses.has(status) || status >= 500;

describe('toRampError over every documented error example', () => {
  const examples = fixtures.flatMap((f) =>
    f.response_examples
      .filter((e) => statusOf(e) >= 400)
      .map((e) => ({ where: `${f.file} ${statusOf(e)} ${e.name ?? ''}`, status: statusOf(e), body: e.body })),
  );

  it('errors.json holds the catalogue (39 bodies)', () => {
    expect(fixture('errors').response_examples).toHaveLength(39);
  });

  for (const { where, status, body } of examples) {
    it(where, () => {
      const e = toRampError(status, body);
      expect(e).toBeInstanceOf(RampError);
      expect(e).toBeInstanceOf(Error);
      expect(e.status).toBe(status);
      expect(e.retryable).toBe(expectedRetryable(status));
      if (typeof body === 'string') {
        expect(e.code).toBe('BAD_REQUEST');
        expect(e.message).toBe(body);
      } else {
        const b = body as { code: string; message: string; requestId: string };
        expect(e.code).toBe(b.code);
        expect(e.message).toBe(b.message);
        expect(e.requestId).toBe(b.requestId);
      }
    });
  }
});

describe('toRampError', () => {
  it('keeps validation errors and the provider details', () => {
    const e = toRampError(400, {
      code: 'BAD_REQUEST',
      message: 'Bad request',
      errors: ['[countryCode] must not be null', 7],
      serviceProviderDetails: {
        code: '5034',
        message: "Digital currency and blockchain combination is restricted for customer's country",
      },
    });
    expect(e.details).toEqual(['[countryCode] must not be null']);
    expect(e.provider).toEqual({
      code: '5034',
      message: "Digital currency and blockchain combination is restricted for customer's country",
    });
  });

  it('a non-JSON or empty body gets a code from the status', () => {
    expect(toRampError(502, undefined)).toMatchObject({
      code: 'UNEXPECTED_ERROR',
      status: 502,
      retryable: true,
      message: 'Request failed with HTTP 502',
    });
    expect(toRampError(429, undefined)).toMatchObject({ code: 'TOO_MANY_REQUESTS', retryable: true });
    expect(toRampError(404, null)).toMatchObject({ code: 'NOT_FOUND', retryable: false });
    expect(toRampError(418, 42)).toMatchObject({ code: 'HTTP_418', retryable: false });
  });

  it('falls back to the legacy displayMessage', () => {
    expect(toRampError(400, { displayMessage: 'Shown to users' }).message).toBe('Shown to users');
  });

  it('never throws, whatever the body', () => {
    fc.assert(
      fc.property(fc.integer({ min: 400, max: 599 }), fc.jsonValue(), (status, body) => {
        const e = toRampError(status, body);
        expect(typeof e.code).toBe('string');
        expect(e.code).not.toBe('');
        expect(e.message).not.toBe('');
        expect(e.retryable).toBe(expectedRetryable(status));
      }),
    );
  });
});

describe('NO_VALID_QUOTES', () => {
  const sandboxBody = {
    code: 'NO_VALID_QUOTES',
    message: 'No valid quotes available for this request',
    requestId: 'r1',
    timestamp: '2026-08-14T09:41:22.482+00:00',
  };

  it('by code', () => {
    const e = toRampError(400, { ...sandboxBody, message: 'whatever' });
    expect(e.code).toBe('NO_VALID_QUOTES');
    expect(isNoValidQuotes(e)).toBe(true);
    expect(e.retryable).toBe(false);
  });

  it('by message, under another code or as a bare string', () => {
    const byMessage = toRampError(422, { code: 'TRANSACTION_FAILED', message: 'No valid quotes were found' });
    expect(byMessage.code).toBe('NO_VALID_QUOTES');
    expect(isNoValidQuotes(byMessage)).toBe(true);
    expect(toRampError(400, 'no VALID quotes').code).toBe('NO_VALID_QUOTES');
    expect(isNoValidQuotes(new RampError('X', 'No valid quotes available', 400))).toBe(true);
  });

  it('the sandbox body', () => {
    expect(toRampError(400, sandboxBody)).toMatchObject({
      code: 'NO_VALID_QUOTES',
      status: 400,
      requestId: 'r1',
    });
  });

  it('for the code alone and for the message under any error, not for other errors', () => {
    expect(isNoValidQuotes('NO_VALID_QUOTES')).toBe(true);
    expect(isNoValidQuotes({ code: 'BAD_REQUEST', message: 'No valid quotes available' })).toBe(true);
    expect(
      isNoValidQuotes(toRampError(400, { code: 'INVALID_AMOUNT', message: 'Invalid currency amount' })),
    ).toBe(false);
    expect(isNoValidQuotes(new Error('Something else'))).toBe(false);
    expect(isNoValidQuotes('NETWORK_ERROR')).toBe(false);
    expect(isNoValidQuotes(undefined)).toBe(false);
  });
});

it('client-side errors', () => {
  expect(networkError(new TypeError('fetch failed'))).toMatchObject({
    code: 'NETWORK_ERROR',
    status: 0,
    retryable: true,
  });
  expect(timeoutError(15000)).toMatchObject({ code: 'TIMEOUT', status: 0, retryable: true });
  expect(abortedError()).toMatchObject({ code: 'ABORTED', status: 0, retryable: false });
  expect(malformedResponse('x')).toMatchObject({ code: 'MALFORMED_RESPONSE', status: 502, retryable: true });
  expect(networkError(new TypeError('fetch failed')).cause).toBeInstanceOf(TypeError);
});

it('retryable statuses', () => {
  expect([400, 401, 403, 404, 409, 422].some(isRetryableStatus)).toBe(false);
  expect([408, 425, 429, 500, 502, 503, 504].every(isRetryableStatus)).toBe(true);
});
