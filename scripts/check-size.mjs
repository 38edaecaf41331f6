// Size budgets (gzip), checked by `npm test` after the production build.
import { measureSizes, budgetsKB } from './sizes.mjs';

const sizes = await measureSizes();
const labels = {
  embed: 'embed (React bundled)',
  library: 'library (English checkout)',
  hosted: 'hosted page initial JS',
};
let failed = 0;
for (const [name, bytes] of Object.entries(sizes)) {
  const kb = bytes / 1024;
  const ok = kb <= budgetsKB[name];
  if (!ok) failed++;
  console.log(
    `${ok ? 'ok  ' : 'FAIL'} ${labels[name].padEnd(28)} ${kb.toFixed(1).padStart(6)} KB gzip (budget ${budgetsKB[name]} KB)`,
  );
}
console.log('library: all a shopper downloads for an English checkout beyond react, react-dom, react-query');
console.log(`size budgets: ${3 - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
