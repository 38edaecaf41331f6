// A RAMP_* variable the server does not read is a mistake until shown otherwise: a misspelt
// RAMP_ADMIN_TOKNE would otherwise start the server with the console off and say nothing. Each is
// refused with the nearest known name. Variables of the repository's own tooling (tests, benches,
// end-to-end runs) are not the server's and are left alone.
const TOOLING = /^RAMP_(TEST|BENCH|E2E)_/;

/** Levenshtein distance (names are short: the full table is cheap). */
export function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return prev[b.length]!;
}

/** One problem line per RAMP_* name in `env` that is not in `known`, naming the nearest known one. */
export function unknownVariables(
  env: Record<string, string | undefined>,
  known: readonly string[],
): string[] {
  return Object.keys(env)
    .filter((name) => name.startsWith('RAMP_') && !TOOLING.test(name) && !known.includes(name))
    .sort()
    .map((name) => {
      const nearest = known
        .filter((k) => k.startsWith('RAMP_'))
        .reduce((best, k) => (editDistance(name, k) < editDistance(name, best) ? k : best));
      return `${name}: not a variable the server reads (did you mean ${nearest}?)`;
    });
}
