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

/** The 50 states and DC by ISO 3166-2 code, with names (the legacy countries call lists them). */
export const SUBDIVISION_NAMES: Readonly<Record<string, string>> = {
  'US-AL': 'Alabama',
  'US-AK': 'Alaska',
  'US-AZ': 'Arizona',
  'US-AR': 'Arkansas',
  'US-CA': 'California',
  'US-CO': 'Colorado',
  'US-CT': 'Connecticut',
  'US-DE': 'Delaware',
  'US-DC': 'District of Columbia',
  'US-FL': 'Florida',
  'US-GA': 'Georgia',
  'US-HI': 'Hawaii',
  'US-ID': 'Idaho',
  'US-IL': 'Illinois',
  'US-IN': 'Indiana',
  'US-IA': 'Iowa',
  'US-KS': 'Kansas',
  'US-KY': 'Kentucky',
  'US-LA': 'Louisiana',
  'US-ME': 'Maine',
  'US-MD': 'Maryland',
  'US-MA': 'Massachusetts',
  'US-MI': 'Michigan',
  'US-MN': 'Minnesota',
  'US-MS': 'Mississippi',
  'US-MO': 'Missouri',
  'US-MT': 'Montana',
  'US-NE': 'Nebraska',
  'US-NV': 'Nevada',
  'US-NH': 'New Hampshire',
  'US-NJ': 'New Jersey',
  'US-NM': 'New Mexico',
  'US-NY': 'New York',
  'US-NC': 'North Carolina',
  'US-ND': 'North Dakota',
  'US-OH': 'Ohio',
  'US-OK': 'Oklahoma',
  'US-OR': 'Oregon',
  'US-PA': 'Pennsylvania',
  'US-RI': 'Rhode Island',
  'US-SC': 'South Carolina',
  'US-SD': 'South Dakota',
  'US-TN': 'Tennessee',
  'US-TX': 'Texas',
  'US-UT': 'Utah',
  'US-VT': 'Vermont',
  'US-VA': 'Virginia',
  'US-WA': 'Washington',
  'US-WV': 'West Virginia',
  'US-WI': 'Wisconsin',
  'US-WY': 'Wyoming',
};

export const US_SUBDIVISIONS: readonly string[] = Object.keys(SUBDIVISION_NAMES);

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
