// Test-only: the example payloads copied from the upstream's public spec (src/api/__fixtures__).
// Loaded with Vite's glob import so no Node API is involved.

export interface FixtureExample {
  /** A number in operation files; a list of statuses in errors.json. */
  status: number | number[];
  name?: string;
  body: unknown;
}

export interface Fixture {
  file: string;
  method: string;
  path: string;
  response_examples: FixtureExample[];
}

const modules = import.meta.glob<Omit<Fixture, 'file'>>('./__fixtures__/*.json', {
  eager: true,
  import: 'default',
});

export const fixtures: Fixture[] = Object.entries(modules).map(([path, f]) => ({
  ...f,
  file: path.replace('./__fixtures__/', '').replace(/\.json$/, ''),
}));

export const fixture = (file: string): Fixture => {
  const f = fixtures.find((x) => x.file === file);
  if (!f) throw new Error(`no fixture ${file}`);
  return f;
};

export const statusOf = (e: FixtureExample): number => (Array.isArray(e.status) ? e.status[0]! : e.status);

/** The bodies of the 200 examples of one fixture file. */
export const okBodies = (file: string): unknown[] =>
  fixture(file)
    .response_examples.filter((e) => statusOf(e) === 200)
    .map((e) => e.body);
