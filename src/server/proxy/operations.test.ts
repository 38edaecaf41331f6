import { describe, expect, it } from 'vitest';
import { RULES } from './allowlist';
import { upstreamOperation } from './operations';

describe('upstream operation labels', () => {
  it.each([
    ['/v1/network-partner/defaults/US/CRYPTO_ONRAMP', 'defaults'],
    ['/network-partner/supported/payment-methods', 'payment_methods'],
    ['/network-partner/supported/routes/CRYPTO_ONRAMP/US/USD/BTC', 'routes'],
    ['/payments/transactions/sessions/sess_1', 'transaction_by_session'],
    ['/payments/transactions/tx_1', 'transaction'],
    ['/payments/transactions', 'transactions'],
    ['/financial-accounts/transactions', 'financial_account_transactions'],
    ['/notifications/webhooks/wh_1', 'webhook_profiles'],
    ['/bootstrap', 'other'],
    ['/payments/transactions/sessions/a/b', 'other'],
  ])('%s is %s', (path, operation) => {
    expect(upstreamOperation(path)).toBe(operation);
  });

  it('names each mirrored route by its own label, from its definition', () => {
    const mirrored = RULES.filter((r) => r.mirrors);
    const labels = mirrored.map((r) => upstreamOperation(r.path.replace(/:\w+/g, 'X1')));
    expect(labels).not.toContain('other');
    expect(new Set(labels).size).toBe(mirrored.length);
  });
});
