// Bundle sizes of the three shipped artifacts, gzipped, against their budgets. The measuring code is
// the size check's own (scripts/sizes.mjs), so the benchmark and CI never disagree on a figure.

export type Artifact = 'embed' | 'library' | 'hosted';

export interface SizeRow {
  artifact: Artifact;
  what: string;
  gzipKB: number;
  budgetKB: number;
  /** Share of the budget used, 0..1+. */
  used: number;
}

interface SizesModule {
  budgetsKB: Record<Artifact, number>;
  measureSizes(): Promise<Record<Artifact, number>>;
}

const WHAT: Record<Artifact, string> = {
  embed: 'script-tag embed (IIFE, React inside)',
  library: 'React component, English checkout (beyond react, react-dom, react-query)',
  hosted: 'hosted page (initial JS)',
};

export async function measureBundleSizes(): Promise<SizeRow[]> {
  // A plain .mjs without type declarations: loaded by URL and given its shape here.
  const mod = (await import(new URL('../scripts/sizes.mjs', import.meta.url).href)) as SizesModule;
  const bytes = await mod.measureSizes();
  return (Object.keys(WHAT) as Artifact[]).map((artifact) => {
    const gzipKB = bytes[artifact] / 1024;
    const budgetKB = mod.budgetsKB[artifact];
    return { artifact, what: WHAT[artifact], gzipKB, budgetKB, used: gzipKB / budgetKB };
  });
}
