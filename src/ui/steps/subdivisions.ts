// US states by ISO 3166-2 code: the state picker's built-in list when the countries response
// carries no subdivisions (the description's countries have none), and the names for any codes.
const US: Record<string, string> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
};

/** The subdivisions to pick from: the response's when present, the built-in list for the US, else none. */
export function subdivisionsOf(
  country: { countryCode: string; subdivisions?: string[] } | undefined,
): string[] {
  if (!country) return [];
  if (country.subdivisions?.length) return country.subdivisions;
  return country.countryCode === 'US' ? Object.keys(US).map((s) => `US-${s}`) : [];
}

/** "New York"; a code without a known name shows as the code. */
export function subdivisionName(code: string): string {
  return (code.startsWith('US-') ? US[code.slice(3)] : undefined) ?? code;
}

/** "New York (US-NY)"; a code without a known name shows as the code. */
export function subdivisionLabel(code: string): string {
  const name = subdivisionName(code);
  return name === code ? code : `${name} (${code})`;
}
