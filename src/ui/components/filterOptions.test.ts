import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { filterOptions, indexOptions, normalize } from './filterOptions';

const option = fc.record({
  value: fc.string({ maxLength: 8 }),
  label: fc.string({ maxLength: 16 }),
  description: fc.option(fc.string({ maxLength: 16 }), { nil: undefined }),
});

describe('filterOptions', () => {
  it('returns exactly the options containing the query, each once', () => {
    fc.assert(
      fc.property(fc.array(option, { maxLength: 30 }), fc.string({ maxLength: 4 }), (options, query) => {
        const index = indexOptions(options);
        const result = filterOptions(index, query);
        const q = normalize(query.trim());
        const expected = index.filter((e) => e.haystack.includes(q)).map((e) => e.index);
        expect(result.map((e) => e.index).sort((a, b) => a - b)).toEqual(expected);
      }),
    );
  });

  it('ranks label or value prefixes first, then word starts, then the rest', () => {
    const index = indexOptions([
      { value: 'AUD', label: 'AUD · Australian dollar' },
      { value: 'TUSD', label: 'TUSD · TrueUSD', description: 'us dollar token' },
      { value: 'USD', label: 'USD · US dollar' },
    ]);
    expect(filterOptions(index, 'us').map((e) => e.option.value)).toEqual(['USD', 'TUSD', 'AUD']);
  });

  it('ignores case, accents and surrounding spaces; an empty query keeps everything in order', () => {
    const index = indexOptions([
      { value: 'MX', label: 'México' },
      { value: 'CA', label: 'Canada' },
    ]);
    expect(filterOptions(index, '  MEXI ').map((e) => e.option.value)).toEqual(['MX']);
    expect(filterOptions(index, '   ')).toBe(index);
  });
});
