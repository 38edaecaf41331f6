// Canonical payment methods. The display `name` deliberately differs from `method`: only `method`
// is a valid `paymentMethodType` on a quote.

export type MethodCode =
  | 'CREDIT_DEBIT_CARD'
  | 'APPLE_PAY'
  | 'GOOGLE_PAY'
  | 'ACH'
  | 'SEPA'
  | 'FASTER_PAYMENTS'
  | 'PIX'
  | 'NG_BANK_TRANSFER'
  | 'INTERAC'
  | 'PAYID';

export interface MethodSpec {
  method: MethodCode;
  name: string;
  /** PaymentType (rail). */
  type: 'CARD' | 'MOBILE_WALLET' | 'BANK_TRANSFER' | 'LOCAL';
  providerMethod: string;
  /** Fiat currencies the rail moves; undefined means any. */
  fiat?: readonly string[];
}

export const METHODS: Readonly<Record<MethodCode, MethodSpec>> = {
  CREDIT_DEBIT_CARD: {
    method: 'CREDIT_DEBIT_CARD',
    name: 'Credit or debit card',
    type: 'CARD',
    providerMethod: 'CARD',
  },
  APPLE_PAY: { method: 'APPLE_PAY', name: 'Apple Pay', type: 'MOBILE_WALLET', providerMethod: 'APPLE_PAY' },
  GOOGLE_PAY: {
    method: 'GOOGLE_PAY',
    name: 'Google Pay',
    type: 'MOBILE_WALLET',
    providerMethod: 'GOOGLE_PAY',
  },
  ACH: {
    method: 'ACH',
    name: 'Bank transfer (ACH)',
    type: 'BANK_TRANSFER',
    providerMethod: 'ACH',
    fiat: ['USD'],
  },
  SEPA: {
    method: 'SEPA',
    name: 'SEPA bank transfer',
    type: 'BANK_TRANSFER',
    providerMethod: 'SEPA',
    fiat: ['EUR'],
  },
  FASTER_PAYMENTS: {
    method: 'FASTER_PAYMENTS',
    name: 'Faster Payments',
    type: 'BANK_TRANSFER',
    providerMethod: 'GBP_BANK_TRANSFER',
    fiat: ['GBP'],
  },
  PIX: { method: 'PIX', name: 'Pix', type: 'LOCAL', providerMethod: 'PIX', fiat: ['BRL'] },
  NG_BANK_TRANSFER: {
    method: 'NG_BANK_TRANSFER',
    name: 'Bank transfer (NIP)',
    type: 'BANK_TRANSFER',
    providerMethod: 'NGN_BANK_TRANSFER',
    fiat: ['NGN'],
  },
  INTERAC: {
    method: 'INTERAC',
    name: 'Interac e-Transfer',
    type: 'BANK_TRANSFER',
    providerMethod: 'INTERAC',
    fiat: ['CAD'],
  },
  PAYID: {
    method: 'PAYID',
    name: 'PayID bank transfer',
    type: 'BANK_TRANSFER',
    providerMethod: 'PAYID',
    fiat: ['AUD'],
  },
};

/** Listing order of methods when nothing else decides it. */
export const METHOD_ORDER = Object.keys(METHODS) as MethodCode[];
