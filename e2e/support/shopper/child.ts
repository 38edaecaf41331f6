// A browser's processes (Xvfb, WebKitWebDriver and the MiniBrowsers it starts, Firefox and its
// content processes) as one process group: started together, waited on by what they print, and
// stopped together, so no browser outlives its test worker.
import { type ChildProcess, spawn } from 'node:child_process';

export interface Child {
  /** Resolves with the first match of `pattern` in what it prints (stdout, stderr, fd 3). */
  printed(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  /** Everything it printed so far (for an error message). */
  output(): string;
  /** Resolves when the leader has exited, or after `ms` (it was asked to quit). */
  exit(ms: number): Promise<void>;
  /** Stops the whole group (SIGTERM, then SIGKILL after 5 s) and waits for the leader to exit. */
  stop(): Promise<void>;
}

export function startChild(command: string, args: string[], env: NodeJS.ProcessEnv): Child {
  const child: ChildProcess = spawn(command, args, {
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
  });
  let out = '';
  const waiting = new Set<() => void>();
  for (const stream of [child.stdout, child.stderr, child.stdio[3]]) {
    stream?.on('data', (d: Buffer) => {
      out += d.toString();
      for (const check of waiting) check();
    });
  }
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.once('exit', () => {
    for (const check of waiting) check();
  });
  const group = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // already gone
    }
  };

  return {
    printed(pattern, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => finish(new Error(`${command} printed no ${pattern} in ${timeoutMs} ms:\n${out}`)),
          timeoutMs,
        );
        const finish = (error?: Error, match?: RegExpExecArray) => {
          clearTimeout(timer);
          waiting.delete(check);
          if (match) resolve(match);
          else reject(error!);
        };
        const check = () => {
          const match = pattern.exec(out);
          if (match) return finish(undefined, match);
          if (child.exitCode !== null || child.signalCode !== null)
            finish(new Error(`${command} exited (${child.exitCode ?? child.signalCode}):\n${out}`));
        };
        waiting.add(check);
        check();
      });
    },
    output: () => out,
    exit: (ms) =>
      new Promise<void>((done) => {
        const timer = setTimeout(done, ms);
        void exited.then(() => {
          clearTimeout(timer);
          done();
        });
      }),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return group('SIGKILL');
      group('SIGTERM');
      const killer = setTimeout(() => group('SIGKILL'), 5_000);
      await exited;
      clearTimeout(killer);
      // What the leader started and left behind (a MiniBrowser, a content process).
      group('SIGKILL');
    },
  };
}
