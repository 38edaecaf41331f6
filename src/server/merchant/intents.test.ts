// The intent's schema and its rule on sessions, as units: what POST /api/ramp/intents and
// server.createIntent() accept, and which session bodies an intent refuses.
import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors';
import type { SessionBody } from '../proxy/bodies';
import type { IntentRecord } from '../storage/ledger/types';
import { enforceIntent, parseIntentInput } from './intents';

/** The error message parseIntentInput throws, or 'accepted'. */
const refusal = (input: unknown): string => {
  try {
    parseIntentInput(input);
    return 'accepted';
  } catch (e) {
    if (!(e instanceof HttpError) || e.code !== 'INVALID_INTENT') throw e;
    return e.message;
  }
};

describe('an intent with a subdivision', () => {
  it('keeps a full ISO 3166-2 code in its country', () => {
    expect(parseIntentInput({ reference: 'order-1', country: 'US', subdivision: 'US-NY' })).toEqual({
      reference: 'order-1',
      country: 'US',
      subdivision: 'US-NY',
    });
    expect(parseIntentInput({ reference: 'order-1', country: 'CA', subdivision: 'CA-ON' })).toMatchObject({
      subdivision: 'CA-ON',
    });
  });

  it('refuses one without its country, saying which country to set', () => {
    expect(refusal({ reference: 'order-1', subdivision: 'US-NY' })).toBe(
      'Invalid intent: subdivision: "US-NY" needs its country: set country "US" too',
    );
  });

  it('refuses one outside its country, and codes that are not ISO 3166-2 in full', () => {
    expect(refusal({ reference: 'order-1', country: 'CA', subdivision: 'US-NY' })).toBe(
      'Invalid intent: subdivision: "US-NY" is not in country "CA"',
    );
    for (const bad of ['NY', 'us-ny', 'US-', 'US-NYCX', 'USA-NY', 12]) {
      expect(refusal({ reference: 'order-1', country: 'US', subdivision: bad })).toBe(
        'Invalid intent: subdivision: expected an ISO 3166-2 code in full, e.g. US-NY',
      );
    }
  });
});

describe('enforceIntent and the subdivision', () => {
  const intent: IntentRecord = {
    id: 'int_1',
    secretHash: 'h',
    reference: 'order-1',
    direction: 'buy',
    country: 'US',
    subdivision: 'US-NY',
    createdAt: 0,
    expiresAt: 1,
    sessionId: null,
  };
  const body = (subdivision: string | undefined): SessionBody => ({
    sessionType: 'BUY',
    sessionData: {
      serviceProvider: 'BANXA',
      countryCode: 'US',
      ...(subdivision === undefined ? {} : { subdivision }),
      sourceCurrencyCode: 'USD',
      sourceAmount: '100',
      destinationCurrencyCode: 'ETH',
      walletAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
    },
  });
  const mismatch = (b: SessionBody) => {
    try {
      enforceIntent(intent, b);
      return 'accepted';
    } catch (e) {
      return e instanceof HttpError ? `${e.status} ${e.code}: ${e.message}` : String(e);
    }
  };

  it('accepts the state in either form the proxy takes', () => {
    expect(mismatch(body('US-NY'))).toBe('accepted');
    expect(mismatch(body('NY'))).toBe('accepted');
  });

  it('refuses another state, or none', () => {
    const refused = '422 INTENT_MISMATCH: The checkout departs from its intent: subdivision';
    expect(mismatch(body('US-CA'))).toBe(refused);
    expect(mismatch(body('CA'))).toBe(refused);
    expect(mismatch(body(undefined))).toBe(refused);
  });
});
