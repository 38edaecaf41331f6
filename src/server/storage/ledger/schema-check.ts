// What a ledger file must hold to be taken as a ledger: exactly the schema its version's migrations
// make, and the record of every one of them. A backup is a file anyone with access to the backups
// could have edited; SQLite runs what its schema says (a trigger on ramp_orders runs inside the
// server's own writes, with its webhook secret at hand), so nothing the migrations did not make is
// let in: no trigger, view, index or table of its own, none missing, none changed.
import type LibsqlDatabase from 'libsql';
import { LATEST_VERSION, migrate } from './schema-version';
import { openSqlite } from './sqlite';

interface SchemaObject {
  type: string;
  name: string;
  tbl_name: string;
  sql: string | null;
}

const SCHEMA = 'SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY name';
const MIGRATIONS_TABLE = 'ramp_schema_migrations';

/** How many findings a refusal names (a file can differ in every object). */
const SHOWN = 5;

export interface LedgerSchemaCheck {
  /** The highest migration recorded (0: none, or no record at all). */
  version: number;
  /** What differs from the schema of that version, each said as found; empty when none does. */
  findings: string[];
}

/**
 * Compares the schema of `db` (opened read-only, its integrity checked) with the one a fresh database
 * gets from this build's migrations up to the version it records (a version this build does not know
 * is the caller's to refuse). Reads nothing but `sqlite_master` and the record of migrations: a view
 * standing in for a table is never queried.
 */
export async function checkLedgerSchema(db: LibsqlDatabase.Database): Promise<LedgerSchemaCheck> {
  const actual = db.prepare(SCHEMA).all() as SchemaObject[];
  const history = actual.find((o) => o.name === MIGRATIONS_TABLE);
  if (!history) return { version: 0, findings: [] };
  if (history.type !== 'table') return { version: 0, findings: [`${describe(history)} is not a table`] };
  const versions = (db.prepare(`SELECT version FROM ${MIGRATIONS_TABLE}`).raw().all() as unknown[][]).map(
    (r) => Number(r[0]),
  );
  const version = versions.length > 0 ? Math.max(...versions) : 0;
  if (version === 0 || version > LATEST_VERSION) return { version, findings: [] };
  return {
    version,
    findings: [
      ...historyFindings(versions, version),
      ...differences(actual, await schemaOf(version), version),
    ],
  };
}

/** The findings as one sentence's end: the first few, and how many more. */
export function summarize(findings: string[]): string {
  const more = findings.length - SHOWN;
  return findings.slice(0, SHOWN).join('; ') + (more > 0 ? `; and ${more} more` : '');
}

/** Every version from 1 to the highest must be recorded, and nothing else. */
function historyFindings(versions: number[], version: number): string[] {
  const has = new Set(versions);
  const missing: number[] = [];
  for (let v = 1; v < version; v++) if (!has.has(v)) missing.push(v);
  const odd = versions.filter((v) => !Number.isInteger(v) || v < 1);
  return [
    ...(missing.length > 0
      ? [`${MIGRATIONS_TABLE} has no record of migration ${missing.join(', ')} (of 1 to ${version})`]
      : []),
    ...(odd.length > 0 ? [`${MIGRATIONS_TABLE} records versions no migration has (${odd.join(', ')})`] : []),
  ];
}

function differences(actual: SchemaObject[], expected: SchemaObject[], version: number): string[] {
  const want = new Map(expected.map((o) => [o.name, o]));
  const found = new Set(actual.map((o) => o.name));
  const findings: string[] = [];
  for (const o of actual) {
    const w = want.get(o.name);
    if (!w) findings.push(`${describe(o)} is not part of schema version ${version}`);
    else if (w.type !== o.type)
      findings.push(`${describe(o)} stands where schema version ${version} has a ${w.type}`);
    else if (w.tbl_name !== o.tbl_name || w.sql !== o.sql)
      findings.push(`${describe(o)} differs from its definition in schema version ${version}`);
  }
  for (const w of expected) {
    if (!found.has(w.name)) findings.push(`${describe(w)} of schema version ${version} is missing`);
  }
  return findings;
}

/** `trigger "x" on ramp_orders`; names as JSON strings, so one cannot write to the operator's terminal. */
const describe = (o: SchemaObject) =>
  `${printable(o.type)} ${JSON.stringify(o.name)}${o.type === 'trigger' || o.type === 'index' ? ` on ${printable(o.tbl_name)}` : ''}`;

const printable = (s: string) => (/^[\w.-]+$/.test(s) ? s : JSON.stringify(s));

/** The schema this build's migrations 1..version make, read from a fresh database in memory. */
async function schemaOf(version: number): Promise<SchemaObject[]> {
  const db = await openSqlite(null);
  try {
    await migrate(db, () => 0, version);
    return await db.query<SchemaObject & Record<string, unknown>>(SCHEMA);
  } finally {
    await db.close();
  }
}
