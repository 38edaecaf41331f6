export interface SearchableOption {
  value: string;
  label: string;
  description?: string;
}

export interface IndexedOption<T extends SearchableOption> {
  option: T;
  /** Position in the original list (stable ids). */
  index: number;
  label: string;
  value: string;
  haystack: string;
}

/** Case- and accent-insensitive form: "México" matches "mexico". */
export const normalize = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Built once per options list, so each keystroke is a plain scan (300+ options stay instant). */
export function indexOptions<T extends SearchableOption>(options: readonly T[]): IndexedOption<T>[] {
  return options.map((option, index) => ({
    option,
    index,
    label: normalize(option.label),
    value: normalize(option.value),
    haystack: normalize(`${option.label} ${option.value} ${option.description ?? ''}`),
  }));
}

const WORD_START = (hay: string, at: number) => at === 0 || !/[\p{L}\p{N}]/u.test(hay[at - 1] ?? '');

/**
 * Options whose label, value or description contains the query; those starting with it first,
 * then those with a word starting with it, then the rest, each in the original order.
 */
export function filterOptions<T extends SearchableOption>(
  index: readonly IndexedOption<T>[],
  query: string,
): readonly IndexedOption<T>[] {
  const q = normalize(query.trim());
  if (!q) return index;
  const prefix: IndexedOption<T>[] = [];
  const word: IndexedOption<T>[] = [];
  const rest: IndexedOption<T>[] = [];
  for (const entry of index) {
    if (entry.label.startsWith(q) || entry.value.startsWith(q)) {
      prefix.push(entry);
      continue;
    }
    const at = entry.haystack.indexOf(q);
    if (at < 0) continue;
    let isWord = WORD_START(entry.haystack, at);
    for (let i = at; !isWord && i >= 0; i = entry.haystack.indexOf(q, i + 1))
      isWord = WORD_START(entry.haystack, i);
    (isWord ? word : rest).push(entry);
  }
  return prefix.concat(word, rest);
}
