// Test support: random request paths for the property tests of the path policy, mixing allowlisted
// pieces with traversal, encodings, unicode, empty segments and overlong names.
import fc from 'fast-check';

const PIECES = [
  'api',
  'ramp',
  'network-partner',
  'supported',
  'defaults',
  'routes',
  'countries',
  'currencies',
  'payments',
  'transactions',
  'sessions',
  'crypto',
  'quote',
  'session',
  'widget',
  'financial-accounts',
  'bootstrap',
  'admin',
  'service-providers',
  'US',
  'us',
  'CRYPTO_ONRAMP',
  'CRYPTO_OFFRAMP',
  'USD',
  'BTC',
  'sess_1',
  '',
  '.',
  '..',
  '%2e%2e',
  '%2E',
  '%2f',
  '%5c',
  '\\',
  '%00',
  '\u0000',
  'é',
  '%C0%AE',
  '😀',
  'a'.repeat(300),
];

export const pathArb = fc.oneof(
  fc
    .array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ maxLength: 8 })), { maxLength: 9 })
    .map((segs) => `/${segs.join('/')}`),
  fc.string({ maxLength: 40 }).map((s) => `/${s}`),
);
export const methodArb = fc.constantFrom(
  'GET',
  'POST',
  'PUT',
  'DELETE',
  'PATCH',
  'HEAD',
  'OPTIONS',
  'PROPFIND',
);
