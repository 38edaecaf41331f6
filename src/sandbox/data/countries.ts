// Countries the sandbox knows, with the fiat currencies each one pays in or pays out to.
// Which of them a direction supports is derived from the partners (see partners.ts), so the buy
// and sell lists differ the way they do upstream.

export interface CountrySpec {
  countryCode: string;
  name: string;
  /** Flag emoji, as the service description has it. */
  flag: string;
  /** Fiat currencies in this country, the usual one first. */
  fiat: readonly string[];
  /** ISO 3166-2 codes, only where the upstream knows subdivisions. */
  subdivisions?: readonly string[];
}

/** The 50 states and DC by ISO 3166-2 code. */
const US_SUBDIVISIONS: readonly string[] = [
  'US-AL',
  'US-AK',
  'US-AZ',
  'US-AR',
  'US-CA',
  'US-CO',
  'US-CT',
  'US-DE',
  'US-DC',
  'US-FL',
  'US-GA',
  'US-HI',
  'US-ID',
  'US-IL',
  'US-IN',
  'US-IA',
  'US-KS',
  'US-KY',
  'US-LA',
  'US-ME',
  'US-MD',
  'US-MA',
  'US-MI',
  'US-MN',
  'US-MS',
  'US-MO',
  'US-MT',
  'US-NE',
  'US-NV',
  'US-NH',
  'US-NJ',
  'US-NM',
  'US-NY',
  'US-NC',
  'US-ND',
  'US-OH',
  'US-OK',
  'US-OR',
  'US-PA',
  'US-RI',
  'US-SC',
  'US-SD',
  'US-TN',
  'US-TX',
  'US-UT',
  'US-VT',
  'US-VA',
  'US-WA',
  'US-WV',
  'US-WI',
  'US-WY',
];

export const COUNTRIES: readonly CountrySpec[] = [
  { countryCode: 'US', name: 'United States', flag: '🇺🇸', fiat: ['USD'], subdivisions: US_SUBDIVISIONS },
  { countryCode: 'GB', name: 'United Kingdom', flag: '🇬🇧', fiat: ['GBP', 'EUR'] },
  { countryCode: 'DE', name: 'Germany', flag: '🇩🇪', fiat: ['EUR'] },
  { countryCode: 'FR', name: 'France', flag: '🇫🇷', fiat: ['EUR'] },
  { countryCode: 'BR', name: 'Brazil', flag: '🇧🇷', fiat: ['BRL'] },
  { countryCode: 'JP', name: 'Japan', flag: '🇯🇵', fiat: ['JPY'] },
  { countryCode: 'NG', name: 'Nigeria', flag: '🇳🇬', fiat: ['NGN'] },
  { countryCode: 'CA', name: 'Canada', flag: '🇨🇦', fiat: ['CAD'] },
  { countryCode: 'AU', name: 'Australia', flag: '🇦🇺', fiat: ['AUD'] },
];
