// Scans the production build for secrets before anything ships (run by `npm test` after the build):
//   1. the value of every environment variable whose name looks like a credential
//      (KEY, SECRET, TOKEN, PASSWORD; values of 8 characters or more), as text, base64 or base64url;
//   2. an HTTP Basic credential written out (`Basic <credential>`), as a hard-coded key would be;
//   3. a source map (linked or inline) that embeds the sources of src/server in a browser artifact.
// Usage: node scripts/scan-dist.mjs [dir=dist]. Exits 1 listing where (never what) it found.
import { existsSync, lstatSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const root = resolve(process.argv[2] ?? 'dist');
if (!existsSync(root)) {
  console.error(
    `scan-dist: ${relative(process.cwd(), root) || root} does not exist: run \`npm run build\` first`,
  );
  process.exit(1);
}

const MIN_SECRET_LENGTH = 8;
const secrets = Object.entries(process.env)
  .filter(
    ([name, value]) =>
      /KEY|SECRET|TOKEN|PASSWORD/i.test(name) && (value?.trim().length ?? 0) >= MIN_SECRET_LENGTH,
  )
  .flatMap(([name, value]) => {
    const v = value.trim();
    const encodings = [v, Buffer.from(v).toString('base64'), Buffer.from(v).toString('base64url')];
    return [...new Set(encodings)].map((needle) => ({ name, needle }));
  });

// A credential-looking word after "Basic": long, with letters and digits, not a template (`BASIC ${key}`).
const BASIC = /\bbasic\s+([A-Za-z0-9+/=._~-]{16,})/gi;
const looksLikeCredential = (s) => /[A-Za-z]/.test(s) && /\d/.test(s);
const SOURCE_MAP_URL = /[#@]\s*sourceMappingURL=([^\s'"*]+)/g;
const SERVER_SOURCE = /(?:^|[/\\])src[/\\]server[/\\]/;

function* files(dir) {
  for (const entry of readdirSync(dir)) {
    const full = join(dir, entry);
    const info = lstatSync(full);
    if (info.isSymbolicLink()) continue;
    if (info.isDirectory()) yield* files(full);
    else if (info.isFile()) yield full;
  }
}

/** Server sources embedded in a source map (text of the map), if any. */
function embeddedServerSources(mapText) {
  let map;
  try {
    map = JSON.parse(mapText);
  } catch {
    return [];
  }
  const sections = Array.isArray(map?.sections) ? map.sections.map((s) => s.map) : [map];
  return sections.flatMap((m) =>
    (Array.isArray(m?.sources) ? m.sources : []).filter(
      (src, i) =>
        typeof src === 'string' &&
        SERVER_SOURCE.test(src) &&
        typeof m.sourcesContent?.[i] === 'string' &&
        m.sourcesContent[i] !== '',
    ),
  );
}

const findings = [];
let scanned = 0;
for (const file of files(root)) {
  // A build's brotli and gzip variants (scripts/compress.mjs) say what their source file says, scanned here.
  if (/\.(?:br|gz)$/.test(file) && existsSync(file.slice(0, -3))) continue;
  scanned++;
  const rel = relative(process.cwd(), file);
  const text = readFileSync(file).toString('latin1');
  for (const { name, needle } of secrets) {
    if (text.includes(needle)) findings.push(`${rel}: contains the value of $${name}`);
  }
  for (const m of text.matchAll(BASIC)) {
    if (looksLikeCredential(m[1])) findings.push(`${rel}: contains a Basic credential (offset ${m.index})`);
  }
  // The server bundle is never served; its own map may keep its sources. Browser artifacts may not.
  if (file.startsWith(join(root, 'server') + sep)) continue;
  if (file.endsWith('.map')) {
    for (const src of embeddedServerSources(text)) findings.push(`${rel}: embeds server source ${src}`);
    continue;
  }
  for (const m of text.matchAll(SOURCE_MAP_URL)) {
    const url = m[1];
    let mapText = null;
    const inline = /^data:application\/json(?:;charset=[\w-]+)?;base64,(.+)$/i.exec(url);
    if (inline) mapText = Buffer.from(inline[1], 'base64').toString('utf8');
    else if (!/^[a-z]+:/i.test(url)) {
      let target;
      try {
        target = resolve(dirname(file), decodeURIComponent(url.split(/[?#]/)[0]));
      } catch {
        target = resolve(dirname(file), url.split(/[?#]/)[0]);
      }
      if (existsSync(target) && lstatSync(target).isFile()) mapText = readFileSync(target, 'utf8');
    }
    if (mapText !== null) {
      for (const src of embeddedServerSources(mapText)) {
        findings.push(`${rel}: its source map embeds server source ${src}`);
      }
    }
  }
}

if (findings.length > 0) {
  console.error(`scan-dist: ${findings.length} finding(s) in ${relative(process.cwd(), root) || root}:`);
  for (const f of [...new Set(findings)]) console.error(`  - ${f}`);
  process.exit(1);
}
console.log(`scan-dist: ${scanned} files in ${relative(process.cwd(), root) || root}, no secrets found`);
