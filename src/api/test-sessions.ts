// Test kit: the one buy the tests create sessions for, as a browser sends it (100 USD of BTC by card
// in the US, from Banxa). Plain data, so every kit and runner can load it (the sandbox's, the
// server's, the hardening harness, the bench).
export const BTC_WALLET = 'bc1qr74wmrcwqq9w5yxczxj6udts9mnqsh3xlhk5yp';

/** The session body with `overrides` of its `sessionData` and `top` of the body itself. */
export const buySession = (overrides: Record<string, unknown> = {}, top: Record<string, unknown> = {}) => ({
  sessionType: 'BUY',
  sessionData: {
    serviceProvider: 'BANXA',
    countryCode: 'US',
    sourceCurrencyCode: 'USD',
    sourceAmount: '100',
    destinationCurrencyCode: 'BTC',
    walletAddress: BTC_WALLET,
    paymentMethodType: 'CREDIT_DEBIT_CARD',
    ...overrides,
  },
  ...top,
});
