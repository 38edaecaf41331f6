import { describe, expect, it } from 'vitest';
import { validateOptions } from './config';
import { applyIntent, intentConflicts, loadIntent, withIntentHeader } from './intent';

const SECRET = 'int_abcdefghijklmnop_secret_ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';

describe('the intent option', () => {
  it('starts from the intent values and locks them, keeping the merchant options', () => {
    const options = applyIntent(
      { intent: SECRET, theme: 'dark', lock: ['country'], country: 'US' },
      { reference: 'order-1', amount: '100', walletAddress: '0xabc', direction: 'buy', expiresAt: '' },
    );
    const valid = validateOptions(options);
    expect(valid).toMatchObject({ amount: '100', walletAddress: '0xabc', direction: 'buy', theme: 'dark' });
    expect(valid.directions).toEqual(['buy']);
    expect([...valid.lock].sort()).toEqual(['amount', 'country', 'direction', 'walletAddress']);
    expect(() => validateOptions({ intent: 'not-a-secret' })).toThrow(/intent must be the clientSecret/);
  });

  it('reads an intent without a direction as a buy: locked, with no sell offered', () => {
    const valid = validateOptions(applyIntent({ intent: SECRET }, { reference: 'order-42', expiresAt: '' }));
    expect(valid).toMatchObject({ direction: 'buy', directions: ['buy'] });
    expect(valid.lock).toContain('direction');
    expect(intentConflicts({ direction: 'sell' }, { reference: 'order-42', expiresAt: '' })).toEqual([
      'direction: the intent fixes "buy"; "sell" is not used',
    ]);
  });

  it('names each option that asks for another value than the intent fixes', () => {
    const intent = { reference: 'o', amount: '100', country: 'US', walletAddress: '0xabc', expiresAt: '' };
    expect(
      intentConflicts({ amount: 100, country: 'us', walletAddress: '0xabc', theme: 'dark' }, intent),
    ).toEqual([]);
    expect(intentConflicts({ amount: '100.00', fiatCurrency: 'EUR' }, intent)).toEqual([]);
    expect(intentConflicts({ amount: '50', walletAddress: '0xdef' }, intent)).toEqual([
      'amount: the intent fixes "100"; "50" is not used',
      'walletAddress: the intent fixes "0xabc"; "0xdef" is not used',
    ]);
  });

  it('fixes the state with the country; a merchant state outside the fixed country is dropped, and said', () => {
    const ny = { reference: 'o', country: 'US', subdivision: 'US-NY', expiresAt: '' };
    const locked = validateOptions(applyIntent({ intent: SECRET, subdivision: 'us-ca' }, ny));
    expect(locked).toMatchObject({ country: 'US', subdivision: 'US-NY' });
    expect([...locked.lock].sort()).toEqual(['country', 'direction', 'subdivision']);
    expect(intentConflicts({ subdivision: 'us-ny' }, ny)).toEqual([]);
    expect(intentConflicts({ subdivision: 'US-CA' }, ny)).toEqual([
      'subdivision: the intent fixes "US-NY"; "US-CA" is not used',
    ]);

    const gb = { reference: 'o', country: 'GB', expiresAt: '' };
    const merchant = { intent: SECRET, country: 'US', subdivision: 'US-NY' };
    const dropped = validateOptions(applyIntent(merchant, gb));
    expect(dropped.country).toBe('GB');
    expect(dropped.subdivision).toBeUndefined();
    expect(intentConflicts(merchant, gb)).toEqual([
      'country: the intent fixes "GB"; "US" is not used',
      'subdivision: the intent fixes country "GB"; "US-NY" is not used',
    ]);
    expect(intentConflicts({ subdivision: 'us-ny' }, { ...gb, country: 'US' })).toEqual([]);
  });

  it('reads the intent with its secret and sends the secret with the quote and session requests only', async () => {
    const seen: [string, string | null][] = [];
    const fetchFn: typeof fetch = async (input, init) => {
      seen.push([String(input), new Headers(init?.headers).get('X-Ramp-Intent')]);
      return Response.json({ intent: { reference: 'order-1', expiresAt: '' } });
    };
    expect(await loadIntent('/api/ramp/', SECRET, fetchFn)).toEqual({ reference: 'order-1', expiresAt: '' });
    const wrapped = withIntentHeader(fetchFn, SECRET);
    await wrapped('/api/ramp/network-partner/supported/countries?category=CRYPTO_ONRAMP');
    await wrapped('/api/ramp/payments/crypto/quote', { method: 'POST' });
    await wrapped('/api/ramp/crypto/session/widget', { method: 'POST', headers: { 'Idempotency-Key': 'k' } });
    expect(seen).toEqual([
      ['/api/ramp/intents/current', SECRET],
      ['/api/ramp/network-partner/supported/countries?category=CRYPTO_ONRAMP', null],
      ['/api/ramp/payments/crypto/quote', SECRET],
      ['/api/ramp/crypto/session/widget', SECRET],
    ]);
  });

  it('says why an intent cannot be used', async () => {
    const gone: typeof fetch = async () =>
      Response.json(
        { code: 'INTENT_ALREADY_USED', message: 'A checkout was already started' },
        { status: 409 },
      );
    await expect(loadIntent('/api/ramp', SECRET, gone)).rejects.toThrow('A checkout was already started');
  });
});
