// A reporter beside `list`: for a test that failed, the page as it was printed into the log, since CI
// keeps only the log and a failure that happens once in many runs must be read from it: in Chromium
// the error context Playwright writes (the page's accessibility snapshot at the failure), in the
// engine lanes what the shopper saw (each window's text, e2e/support/shopper/fixtures.ts).
import { readFileSync } from 'node:fs';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

const MOST = 12_000;
/** The engine lanes' attachment: what each window of a failed test showed, as text. */
export const SHOPPER_SAW = 'what the shopper saw';

const clip = (text: string) =>
  text.length > MOST ? `${text.slice(0, MOST)}\n… (${text.length - MOST} more characters)` : text;

export default class FailureContext implements Reporter {
  printsToStdio(): boolean {
    return true;
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'passed' || result.status === 'skipped') return;
    for (const a of result.attachments) {
      if (a.name === SHOPPER_SAW && a.body) {
        console.log(
          `\n── what the shopper saw when "${test.title}" failed ──\n${clip(a.body.toString())}\n──`,
        );
        continue;
      }
      if (a.name !== 'error-context' || !a.path) continue;
      let text: string;
      try {
        text = readFileSync(a.path, 'utf8');
      } catch {
        continue;
      }
      // The page's snapshot alone (the file's other parts repeat what the list prints); none where
      // the test had no page (the engine lanes).
      const from = text.indexOf('```yaml');
      if (from < 0) continue;
      const to = text.indexOf('# Test source');
      text = text.slice(from, to > from ? to : undefined).trim();
      console.log(`\n── the page when "${test.title}" failed ──\n${clip(text)}\n──`);
    }
  }
}
