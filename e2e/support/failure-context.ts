// A reporter beside `list`: for a test that failed, the page as it was (the error context Playwright
// writes: the page's accessibility snapshot at the failure) printed into the log, since CI keeps
// only the log and a failure that happens once in many runs must be read from it.
import { readFileSync } from 'node:fs';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

const MOST = 12_000;

export default class FailureContext implements Reporter {
  printsToStdio(): boolean {
    return true;
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'passed' || result.status === 'skipped') return;
    for (const a of result.attachments) {
      if (a.name !== 'error-context' || !a.path) continue;
      let text: string;
      try {
        text = readFileSync(a.path, 'utf8');
      } catch {
        continue;
      }
      // The page's snapshot alone (the file's other parts repeat what the list prints).
      const from = text.indexOf('```yaml');
      const to = text.indexOf('# Test source');
      if (from >= 0) text = text.slice(from, to > from ? to : undefined).trim();
      const shown =
        text.length > MOST ? `${text.slice(0, MOST)}\n… (${text.length - MOST} more characters)` : text;
      console.log(`\n── the page when "${test.title}" failed ──\n${shown}\n──`);
    }
  }
}
