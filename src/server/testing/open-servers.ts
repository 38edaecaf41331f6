// The servers tests started and have not closed. A server made inside a test closes when that test
// ends; one made while a file is collected, in its beforeAll, or in a concurrent test (whose hooks
// the global API cannot tell apart) closes after the file (src/test/setup.ts). Nothing here imports
// the server, so every test file can load it.
import { TestRunner, onTestFinished } from 'vitest';

const openAfterFile = new Set<() => Promise<void>>();

/** Closes `close` when the running test ends, else after the file; returns it, to be called once. */
export function closeWhenDone(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  const once = () => {
    openAfterFile.delete(once);
    return (closing ??= close());
  };
  const test = TestRunner.getCurrentTest();
  if (test && !test.concurrent) onTestFinished(once);
  else openAfterFile.add(once);
  return once;
}

/** Closes what the file left open (src/test/setup.ts, after each file). */
export async function closeFileServers(): Promise<void> {
  await Promise.all([...openAfterFile].map((close) => close()));
}
