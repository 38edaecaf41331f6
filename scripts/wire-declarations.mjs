// The wire's types in the package's declarations, written out. The source infers them from valibot
// schemas (src/api/proxy: `type Order = v.InferOutput<typeof OrderSchema>`), which as emitted would
// make every consumer's compiler load and check valibot's 600 KB of types (skipLibCheck off: about 3 s
// a compile, measured in scripts/consumer-types.test.ts) for a few plain object types. Here each alias
// that names valibot is replaced by the type it resolves to, the schemas' own declarations (no part
// of the package's API) are dropped, and so are the imports nothing uses any more: the declarations
// import no package again.
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';

const FLAGS =
  ts.NodeBuilderFlags.NoTruncation |
  ts.NodeBuilderFlags.InTypeAlias |
  ts.NodeBuilderFlags.MultilineObjectLiterals |
  ts.NodeBuilderFlags.UseSingleQuotesForStringLiteralType;
const printer = ts.createPrinter();

const declarationsIn = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? declarationsIn(full) : full.endsWith('.d.ts') ? [full] : [];
  });

/**
 * A rewriter of the declarations under `out`: `(file) => void` writes out the wire's types of a
 * declaration that imports valibot (only those the package's entry reaches are asked of it).
 */
export function wireTypesWriter(out) {
  const files = declarationsIn(resolve(out)).filter((f) =>
    /from ['"]valibot['"]/.test(readFileSync(f, 'utf8')),
  );
  let program;
  return (file) => {
    if (!files.includes(file)) return;
    program ??= ts.createProgram(files, {
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      target: ts.ScriptTarget.ES2022,
      noEmit: true,
      skipLibCheck: true,
      types: [],
    });
    writeFileSync(file, rewrite(program.getSourceFile(file), program.getTypeChecker()));
  };
}

function rewrite(source, checker) {
  // The names valibot is imported as in this file (`v`, `InferOutput`…): a statement naming one is the schemas'.
  const valibot = new Set();
  for (const s of source.statements) {
    if (!ts.isImportDeclaration(s) || s.moduleSpecifier.text !== 'valibot') continue;
    const bindings = s.importClause?.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) valibot.add(bindings.name.text);
    if (bindings && ts.isNamedImports(bindings)) bindings.elements.forEach((e) => valibot.add(e.name.text));
  }
  const namesValibot = (node) => {
    let found = false;
    const visit = (n) => {
      if (found) return;
      if (ts.isIdentifier(n) && valibot.has(n.text)) found = true;
      else ts.forEachChild(n, visit);
    };
    visit(node);
    return found;
  };
  const kept = [];
  for (const s of source.statements) {
    if (ts.isImportDeclaration(s) && s.moduleSpecifier.text === 'valibot') continue;
    if (!namesValibot(s)) {
      kept.push(s.getFullText(source));
      continue;
    }
    if (ts.isVariableStatement(s)) continue; // a schema
    if (ts.isTypeAliasDeclaration(s) && !s.typeParameters) {
      const node = checker.typeToTypeNode(checker.getTypeFromTypeNode(s.type), s, FLAGS);
      const written = printer.printNode(ts.EmitHint.Unspecified, node, source);
      const lead = s.getFullText(source).slice(0, s.getStart(source) - s.getFullStart());
      const exported = s.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) ? 'export ' : '';
      kept.push(`${lead}${exported}type ${s.name.text} = ${written};`);
      continue;
    }
    throw new Error(`${source.fileName}: cannot write out "${s.getText(source).slice(0, 80)}"`);
  }
  return withoutUnusedImports(kept.join(''));
}

/** Drops the named imports the text no longer uses, and imports left with none. */
function withoutUnusedImports(text) {
  const body = text.replace(/^import[^;]*;$/gm, '');
  const used = (name) => new RegExp(`\\b${name}\\b`).test(body);
  return text.replace(/^(import (?:type )?\{)([^}]*)(\} from [^;]*;)\n?/gm, (whole, head, names, tail) => {
    const keep = names
      .split(',')
      .map((n) => n.trim())
      .filter((n) => n && used(n.split(/\s+as\s+/).pop()));
    return keep.length ? `${head} ${keep.join(', ')} ${tail}\n` : '';
  });
}
