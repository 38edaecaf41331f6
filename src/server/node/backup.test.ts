// Backups of the embedded ledger as an operator takes them: `ramp-checkout backup` while the server
// records sessions, `ramp-checkout restore` into an empty directory, a server started on it; and a
// plain copy of the running server's file refused at start rather than served empty.
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../testing/process';
import { describe, expect, it } from 'vitest';
import { createRampServer } from '../server';
import { served } from '../testing/served';
import { BUY_SESSION, quotedSession } from '../testing/upstream';

const quiet = { debug() {}, info() {}, warn() {}, error() {} };

describe('ramp-checkout backup and restore', { timeout: 120_000 }, () => {
  it('a backup taken while sessions are written restores every order acknowledged before it; a plain copy is refused', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ramp-backup-'));
    const s = await served(
      { RAMP_DATA_DIR: dataDir, RAMP_RATE_LIMIT_SESSION: '6000/1000', RAMP_RATE_LIMIT_QUOTE: '6000/1000' },
      { ledger: undefined },
    );
    const send = (path: string, init: RequestInit) => fetch(`${s.origin}${path}`, init);
    const acknowledged: { id: string; at: number }[] = [];
    let writing = true;
    let n = 0;
    const writer = (async () => {
      while (writing) {
        const res = await quotedSession(send, BUY_SESSION, { 'Idempotency-Key': `backup-test-${n++}-0001` });
        if (res.status === 200)
          acknowledged.push({ id: ((await res.json()) as { id: string }).id, at: performance.now() });
      }
    })();
    try {
      await expect.poll(() => acknowledged.length, { timeout: 30_000 }).toBeGreaterThan(20);
      // The copy an operator might take by hand, and the backup, while sessions keep coming.
      const naive = mkdtempSync(join(tmpdir(), 'ramp-naive-'));
      copyFileSync(join(dataDir, 'ledger.sqlite'), join(naive, 'ledger.sqlite'));
      const target = join(mkdtempSync(join(tmpdir(), 'ramp-backup-file-')), 'ramp.sqlite');
      const before = acknowledged.filter((a) => a.at < performance.now()).map((a) => a.id);
      const backup = await runCli(['backup', target], { RAMP_DATA_DIR: dataDir });
      expect(backup.out).toMatch(
        /^Backed up the ledger to .*ramp\.sqlite: schema version \d+, \d+ orders, integrity ok/,
      );
      expect(backup.code).toBe(0);
      const during = acknowledged.length;
      await expect.poll(() => acknowledged.length, { timeout: 30_000 }).toBeGreaterThan(during);
      writing = false;
      await writer;

      const restoredDir = join(mkdtempSync(join(tmpdir(), 'ramp-restored-')), 'data');
      const restore = await runCli(['restore', target], { RAMP_DATA_DIR: restoredDir });
      expect(restore.out).toMatch(
        /^Restored the ledger to .*data\/ledger\.sqlite: schema version \d+, \d+ orders, integrity ok/,
      );
      expect(restore.code).toBe(0);
      // Into a directory that holds a ledger: refused.
      const again = await runCli(['restore', target], { RAMP_DATA_DIR: restoredDir });
      expect(again.code).toBe(1);
      expect(again.out).toMatch(/already holds a ledger/);

      const restored = createRampServer({ dataDir: restoredDir }, { static: null, log: quiet });
      try {
        await restored.ready();
        const missing = [];
        for (const id of before) if ((await restored.orders.retrieve(id)) === null) missing.push(id);
        expect(missing).toEqual([]);
        expect(before.length).toBeGreaterThan(20);
      } finally {
        await restored.close();
      }

      const copied = createRampServer({ dataDir: naive }, { static: null, log: quiet });
      await expect(copied.ready()).rejects.toThrow(/has no schema: .*plain copy of a running server's file/);
      await copied.close();
    } finally {
      writing = false;
      await writer;
      await s.close();
    }
  });
});
