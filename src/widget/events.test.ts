// The event payloads a merchant switches on: closed unions (checked exhaustively at compile time
// below), and the api layer's open codes mapped into them.
import { describe, expect, it } from 'vitest';
import type { RampCheckoutErrorCode, RampCheckoutEvent, RampCheckoutStatus } from '../index';
import { ERROR_CODES } from '../index';
import { TRANSACTION_STATUSES } from '../checkout';
import { errorCode } from './events';

/** A merchant's handler: it compiles only while every code and status is handled. */
function describeEvent(event: RampCheckoutEvent): string {
  switch (event.type) {
    case 'error':
      return errorText(event.code);
    case 'transactionUpdated':
    case 'completed':
    case 'failed':
      return statusText(event.status);
    default:
      return event.type;
  }
}

function errorText(code: RampCheckoutErrorCode): string {
  switch (code) {
    case 'INVALID_OPTIONS':
    case 'NETWORK_ERROR':
    case 'TIMEOUT':
    case 'NO_VALID_QUOTES':
    case 'RATE_LIMITED':
    case 'SERVICE_UNAVAILABLE':
    case 'REQUEST_REJECTED':
    case 'SERVICE_ERROR':
      return code;
    default: {
      const unhandled: never = code;
      return unhandled;
    }
  }
}

function statusText(status: RampCheckoutStatus): string {
  switch (status) {
    case 'PENDING_CREATED':
    case 'PENDING':
    case 'PROCESSING':
    case 'AUTHORIZED':
    case 'TWO_FA_REQUIRED':
    case 'TWO_FA_PROVIDED':
    case 'SETTLING':
    case 'ONRAMP_SETTLED':
    case 'SWAPPING':
    case 'ACCEPTED':
    case 'PARTIALLY_SETTLED':
    case 'ERROR':
      return 'pending';
    case 'SETTLED':
      return 'done';
    case 'AUTHORIZATION_EXPIRED':
    case 'REFUNDED':
    case 'DECLINED':
    case 'CANCELLED':
    case 'FAILED':
    case 'VOIDED':
    case 'PARTIALLY_REFUNDED':
      return 'not bought';
    case 'UNKNOWN':
      return 'unknown';
    default: {
      const unhandled: never = status;
      return unhandled;
    }
  }
}

describe('event unions', () => {
  it('switch exhaustively over error codes and statuses', () => {
    expect(describeEvent({ type: 'error', code: 'TIMEOUT', message: 'm' })).toBe('TIMEOUT');
    for (const status of TRANSACTION_STATUSES)
      expect(describeEvent({ type: 'completed', sessionId: 's', status })).not.toBe(status);
  });

  it('map the api layer’s codes into the closed set, unknown ones to SERVICE_ERROR', () => {
    expect(errorCode('NO_VALID_QUOTES')).toBe('NO_VALID_QUOTES');
    expect(errorCode('TOO_MANY_REQUESTS')).toBe('RATE_LIMITED');
    expect(errorCode('RATE_LIMITED')).toBe('RATE_LIMITED');
    expect(errorCode('SESSION_TIMEOUT')).toBe('TIMEOUT');
    expect(errorCode('UPSTREAM_UNREACHABLE')).toBe('SERVICE_UNAVAILABLE');
    expect(errorCode('FIELD_NOT_ALLOWED')).toBe('REQUEST_REJECTED');
    expect(errorCode('HTTP_418')).toBe('REQUEST_REJECTED');
    expect(errorCode('SOMETHING_NEW')).toBe('SERVICE_ERROR');
    for (const code of ERROR_CODES) expect(errorCode(code)).toBe(code);
  });
});
