// The rules behind `validateOptions` (config.ts): each option checked on its own (its entry of the
// table, options.ts), then how they relate.
import type { Checked } from './checks';
import { ok } from './checks';
import type { ValidOptions } from './config';
import { DIRECTIONS, OPTIONS } from './options';

/**
 * Options a merchant can get wrong without the checkout stopping for it: the languages. One it
 * cannot use is left out (the shopper is served in their own language) and said (`readOptions`).
 */
const ADVISORY = ['locale', 'defaultLocale'] as const;

/** A `locale` or `defaultLocale` option's value when the checkout speaks it, else undefined. */
export function usableLocale(value: unknown): string | undefined {
  const checked = OPTIONS.locale.check(value);
  return checked.issues.length ? undefined : checked.value;
}

/** What is wrong with the advisory options of `input` (its languages). */
export const advisoryIssues = (input: object): string[] =>
  ADVISORY.flatMap((name) => {
    const value = (input as Record<string, unknown>)[name];
    return value === undefined ? [] : OPTIONS[name].check(value).issues;
  });

/** The options given, cleaned: those left out stay out (the key absent), undefined stays undefined. */
export type Fields = Partial<ValidOptions>;

/** How options relate, checked between those that are valid on their own. */
function relations(o: Fields, valid: (...names: (keyof Fields)[]) => boolean): string[] {
  const issues: string[] = [];
  const directions = o.directions?.length ? o.directions : DIRECTIONS;
  if (valid('direction', 'directions') && o.direction && !directions.includes(o.direction)) {
    issues.push(`direction "${o.direction}" is not among directions (${directions.join(', ')})`);
  }
  if (
    valid('country', 'subdivision') &&
    o.subdivision &&
    o.country &&
    !o.subdivision.startsWith(`${o.country}-`)
  ) {
    issues.push(`subdivision "${o.subdivision}" is not in country "${o.country}"`);
  }
  // Not derived from the code: the country shapes the whole checkout (lists, defaults, locks), so
  // the merchant says it, rather than the widget guessing from another option (or its intent does).
  if (valid('country', 'subdivision') && o.subdivision && !o.country && !o.intent) {
    const country = o.subdivision.split('-')[0];
    issues.push(`subdivision "${o.subdivision}" needs its country: set country "${country}" too`);
  }
  if (valid('amount', 'defaultAmount') && o.amount !== undefined && o.defaultAmount !== undefined) {
    issues.push('give amount (fixed at the start) or defaultAmount (a suggestion), not both');
  }
  for (const field of valid('lock', 'directions') ? (o.lock ?? []) : []) {
    if (!valid(field) || o[field] !== undefined) continue;
    if (field === 'direction' && directions.length === 1) continue;
    issues.push(`lock: "${field}" is locked but has no value; set the ${field} option too`);
  }
  return issues;
}

/**
 * The options of `input` checked: their values (cleaned when valid; an unusable advisory one left
 * out) and every issue found, option by option in the order of OPTIONS, then between options;
 * `advisory` counts those of the advisory options.
 */
export function checkOptions(input: object): { fields: Fields; issues: string[]; advisory: number } {
  const fields: Record<string, unknown> = {};
  const issues: string[] = [];
  const invalid = new Set<string>();
  let advisory = 0;
  for (const [name, { check }] of Object.entries(OPTIONS)) {
    if (!(name in input)) continue;
    const value = (input as Record<string, unknown>)[name];
    const checked: Checked<unknown> = value === undefined ? ok(undefined) : check(value);
    issues.push(...checked.issues);
    if (checked.issues.length && (ADVISORY as readonly string[]).includes(name)) {
      advisory += checked.issues.length;
      continue; // left out: the shopper's language is spoken
    }
    fields[name] = checked.value;
    if (checked.issues.length) invalid.add(name);
  }
  const valid = (...names: string[]) => names.every((n) => !invalid.has(n));
  issues.push(...relations(fields as Fields, valid));
  return { fields: fields as Fields, issues, advisory };
}
