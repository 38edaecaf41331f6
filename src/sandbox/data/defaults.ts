// Country defaults per direction. BR (buy) and AU (sell) have none on purpose: the defaults call
// answers `null` there and clients fall back to the first currency and method.

import type { CountryDefault } from '../../api/types';

export const DEFAULTS: readonly CountryDefault[] = [
  {
    countryCode: 'US',
    category: 'CRYPTO_ONRAMP',
    currencyCode: 'USD',
    paymentMethods: ['CREDIT_DEBIT_CARD', 'APPLE_PAY', 'ACH'],
  },
  {
    countryCode: 'GB',
    category: 'CRYPTO_ONRAMP',
    currencyCode: 'GBP',
    paymentMethods: ['CREDIT_DEBIT_CARD', 'APPLE_PAY', 'FASTER_PAYMENTS'],
  },
  {
    countryCode: 'DE',
    category: 'CRYPTO_ONRAMP',
    currencyCode: 'EUR',
    paymentMethods: ['CREDIT_DEBIT_CARD', 'SEPA', 'APPLE_PAY'],
  },
  {
    countryCode: 'FR',
    category: 'CRYPTO_ONRAMP',
    currencyCode: 'EUR',
    paymentMethods: ['CREDIT_DEBIT_CARD', 'APPLE_PAY', 'SEPA'],
  },
  {
    countryCode: 'JP',
    category: 'CRYPTO_ONRAMP',
    currencyCode: 'JPY',
    paymentMethods: ['CREDIT_DEBIT_CARD'],
  },
  {
    countryCode: 'NG',
    category: 'CRYPTO_ONRAMP',
    currencyCode: 'NGN',
    paymentMethods: ['NG_BANK_TRANSFER', 'CREDIT_DEBIT_CARD'],
  },
  {
    countryCode: 'US',
    category: 'CRYPTO_OFFRAMP',
    currencyCode: 'USD',
    paymentMethods: ['ACH', 'CREDIT_DEBIT_CARD'],
  },
  {
    countryCode: 'GB',
    category: 'CRYPTO_OFFRAMP',
    currencyCode: 'GBP',
    paymentMethods: ['FASTER_PAYMENTS', 'CREDIT_DEBIT_CARD'],
  },
  {
    countryCode: 'DE',
    category: 'CRYPTO_OFFRAMP',
    currencyCode: 'EUR',
    paymentMethods: ['SEPA', 'CREDIT_DEBIT_CARD'],
  },
  { countryCode: 'FR', category: 'CRYPTO_OFFRAMP', currencyCode: 'EUR', paymentMethods: ['SEPA'] },
  { countryCode: 'CA', category: 'CRYPTO_OFFRAMP', currencyCode: 'CAD', paymentMethods: ['INTERAC'] },
];
