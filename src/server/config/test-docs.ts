// The configuration tables of the README and docs/CONTRACTS.md §1, for the tests that hold them to
// the code (env.test.ts, defaults.test.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../../..');

/** A file of the repository. */
export const readDoc = (file: string): string => readFileSync(join(root, file), 'utf8');

export interface TableRow {
  /** The variables the row names (`PORT` / `HOST`). */
  variables: string[];
  /** Its default cell, one part per variable (split at ` / `). */
  defaults: string[];
}
export type ConfigTable = typeof README_TABLE | typeof CONTRACTS_TABLE;

/** The rows of the configuration table: the first table after its heading in its file. */
export function configTable([file, heading]: ConfigTable): TableRow[] {
  const lines = readDoc(file).slice(readDoc(file).indexOf(heading)).split('\n');
  const start = lines.findIndex((line) => line.startsWith('|'));
  const end = lines.findIndex((line, i) => i > start && !line.startsWith('|'));
  return lines.slice(start + 2, end).map((row) => {
    const [, names, defaults] = row.split('|').map((cell) => cell.trim());
    return {
      variables: [...names!.matchAll(/`([A-Z_]+)`/g)].map((m) => m[1]!),
      defaults: defaults!.split(' / '),
    };
  });
}

export const README_TABLE = ['README.md', '## Configuration (host server)'] as const;
export const CONTRACTS_TABLE = ['docs/CONTRACTS.md', '## 1. The host server'] as const;
