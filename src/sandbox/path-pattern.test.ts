import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PathPatternError, compilePathPattern } from './path-pattern';

describe('compilePathPattern', () => {
  const cases: [string, string[], string[]][] = [
    ['^/network-partner/', ['/network-partner/supported/countries'], ['/x/network-partner/']],
    [
      '^/payments/crypto/quote$',
      ['/payments/crypto/quote'],
      ['/payments/crypto/quote/x', '/payments/crypto'],
    ],
    ['quote', ['/payments/crypto/quote', 'quote'], ['/payments/crypto/quot']],
    ['^/payments/transactions/[^/]+$', ['/payments/transactions/tx_1'], ['/payments/transactions/a/b']],
    ['^/(?:a|bc)+\\d{2,3}$', ['/abcbc12', '/a123'], ['/a1', '/a1234', '/abd12']],
    ['^/x.y$', ['/xzy'], ['/xy', '/x\ny']],
    ['^/[a-c-]*$', ['/a-b-c', '/'], ['/d']],
    ['^/\\w+\\.svg$', ['/BTC.svg'], ['/BTC-svg']],
    ['^$', [''], ['/']],
    ['a?b*c', ['c', 'abbbc', '/xc'], ['ab', '']],
  ];
  it.each(cases)('%s matches as RegExp does', (source, yes, no) => {
    const p = compilePathPattern(source);
    for (const s of yes) expect([s, p.test(s)]).toEqual([s, true]);
    for (const s of no) expect([s, p.test(s)]).toEqual([s, false]);
  });

  it('agrees with RegExp on generated patterns and paths', () => {
    const atom = fc.constantFrom('a', 'b', '/', '.', '[ab]', '[^/]', '\\d', '1', '(a|b)', '(?:ab)');
    const piece = fc.tuple(atom, fc.constantFrom('', '*', '+', '?', '{1,2}')).map(([a, q]) => a + q);
    const pattern = fc
      .tuple(fc.boolean(), fc.array(piece, { maxLength: 6 }), fc.boolean())
      .map(([bol, parts, eol]) => `${bol ? '^' : ''}${parts.join('')}${eol ? '$' : ''}`);
    const path = fc.string({ unit: fc.constantFrom('a', 'b', '/', '1', '!'), maxLength: 12 });
    fc.assert(
      fc.property(pattern, path, (source, s) => {
        expect(compilePathPattern(source).test(s)).toBe(new RegExp(source).test(s));
      }),
    );
  });

  it('runs a catastrophic pattern in steps linear in the path length', () => {
    const p = compilePathPattern('^/(a+)+$');
    const steps = (n: number) => {
      expect(p.test(`/${'a'.repeat(n)}!`)).toBe(false);
      return p.lastSteps;
    };
    const s28 = steps(28);
    const s56 = steps(56);
    const s112 = steps(112);
    // Backtracking takes ~2^n steps here; the automaton a bounded number per character.
    expect(s28).toBeLessThan(28 * 20);
    expect(s112 - s56).toBeLessThanOrEqual((s56 - s28) * 2 + 10);
    expect(compilePathPattern('^/(a+)+$').test(`/${'a'.repeat(28)}`)).toBe(true);
  });

  it.each(['(', '[a', 'a{2,1}', '(?=a)', '(?<n>a)', '\\1', 'a**', '^*', 'a{1000}', '\\'])(
    'refuses %s',
    (source) => {
      expect(() => compilePathPattern(source)).toThrow(PathPatternError);
    },
  );
});
