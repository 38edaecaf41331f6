// The option docs are the option table's (options.ts) and `RampCheckoutOptions`' JSDoc (config.ts):
// docs/CONTRACTS.md §2's table is rendered from them row for row, and the README's lists of options
// name each option, or each that applies after mount. A failure shows the rows or names to write.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { OPTIONS, type OptionSpec } from './options';

const root = join(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');

interface Documented {
  name: string;
  /** The property's type, as written. */
  type: string;
  /** The JSDoc's first sentence. */
  summary: string;
  /** Its `@default`, if any. */
  fallback: string;
}

/** `RampCheckoutOptions`' properties in config.ts, as its JSDoc documents them (TypeScript's own reading). */
function documented(): Documented[] {
  const file = 'src/widget/config.ts';
  const source = ts.createSourceFile(file, read(file), ts.ScriptTarget.Latest, true);
  const options = source.statements.find(
    (s): s is ts.InterfaceDeclaration =>
      ts.isInterfaceDeclaration(s) && s.name.text === 'RampCheckoutOptions',
  );
  if (!options) throw new Error(`${file}: no interface RampCheckoutOptions`);
  const words = (comment: ts.JSDoc['comment']) =>
    (ts.getTextOfJSDocComment(comment) ?? '').replace(/\s+/g, ' ').trim();
  return options.members.filter(ts.isPropertySignature).map((member) => {
    const doc = ts.getJSDocCommentsAndTags(member).filter(ts.isJSDoc).at(-1);
    const text = words(doc?.comment);
    return {
      name: member.name.getText(source),
      type: member.type?.getText(source) ?? '',
      summary: /^(.*?\.)(?=\s+[A-Z`]|$)/.exec(text)?.[1] ?? text,
      fallback: words(doc?.tags?.find((tag) => tag.tagName.text === 'default')?.comment),
    };
  });
}

const table = Object.entries<OptionSpec<unknown>>(OPTIONS);
const AFTER_MOUNT = { live: 'applied in place', mount: 'read at mount only' } as const;

/** docs/CONTRACTS.md §2's table as it must read: one row per option, in the table's order. */
function contractsRows(): string[][] {
  const docs = new Map(documented().map((d) => [d.name, d]));
  return table.map(([name, option]) => {
    const doc = docs.get(name)!;
    return [
      `\`${name}\``,
      `\`${doc.type.replaceAll('|', '\\|')}\``,
      doc.fallback,
      option.after ? AFTER_MOUNT[option.after] : 'starts over',
      doc.summary,
    ];
  });
}

/** The first markdown table of the section `heading` of `file`, as trimmed cells, its header and rule left out. */
function markdownRows(file: string, heading: string): string[][] {
  const text = read(file);
  const at = text.indexOf(heading);
  if (at < 0) throw new Error(`${file}: no section "${heading}"`);
  const next = text.indexOf('\n## ', at + 1);
  const lines = text.slice(at, next < 0 ? undefined : next).split('\n');
  const start = lines.findIndex((line) => line.startsWith('|'));
  if (start < 0) return [];
  const end = lines.findIndex((line, i) => i > start && !line.startsWith('|'));
  return lines.slice(start + 2, end).map((row) =>
    row
      .split(/(?<!\\)\|/)
      .slice(1, -1)
      .map((cell) => cell.trim()),
  );
}

/** The README's paragraph that begins with `opening`. */
function readmeParagraph(opening: string): string {
  const text = read('README.md');
  const at = text.indexOf(opening);
  if (at < 0) throw new Error(`README.md: no paragraph beginning "${opening}"`);
  return text.slice(at, text.indexOf('\n\n', at));
}

/** The options a text names, backticked. */
const named = (text: string): string[] =>
  [...text.matchAll(/`(\w+)`/g)].map((m) => m[1]!).filter((word) => Object.hasOwn(OPTIONS, word));

const LIVE = table.filter(([, option]) => option.after === 'live').map(([name]) => name);

describe('the option docs', () => {
  it('document every option in its JSDoc, a default the table gives as the table gives it', () => {
    const docs = documented();
    expect(docs.map((d) => d.name).sort()).toEqual(Object.keys(OPTIONS).sort());
    expect(docs.filter((d) => !d.summary).map((d) => d.name)).toEqual([]);
    for (const [name, option] of table) {
      if (option.default === undefined) continue;
      const literal = JSON.stringify(option.default).replaceAll('"', "'").replaceAll(',', ', ');
      const fallback = docs.find((d) => d.name === name)!.fallback;
      expect(`${fallback} `.startsWith(`${literal} `), `${name}: @default ${literal}, not ${fallback}`).toBe(
        true,
      );
    }
  });

  it("are docs/CONTRACTS.md §2's table, row for row", () => {
    const expected = contractsRows();
    const shown = expected.map((row) => `| ${row.join(' | ')} |`).join('\n');
    expect(
      markdownRows('docs/CONTRACTS.md', "## 2. The widget's options"),
      `docs/CONTRACTS.md §2's table should read (prettier aligns it):\n| Option | Type | Default | After mount | What |\n| - | - | - | - | - |\n${shown}\n`,
    ).toEqual(expected);
  });

  it('are named in the README: every option in its list of them, every live one in its lists of those', () => {
    expect(named(readmeParagraph('All three forms take the same options'))).toEqual(
      expect.arrayContaining(Object.keys(OPTIONS)),
    );
    // `lock` is named for the wallet's lock, which also applies in place.
    for (const opening of ['Props changed after mount are applied:', '`update(options)` applies what']) {
      const live = named(readmeParagraph(opening)).filter((name) => name !== 'lock');
      expect(new Set(live), opening).toEqual(new Set(LIVE));
    }
  });
});
