// Bounds how many upstream calls run at once, whoever asked: past the bound, calls wait their
// turn (first come, first served) or give up when their request's deadline passes.
export class Semaphore {
  readonly #max: number;
  #active = 0;
  readonly #queue: (() => void)[] = [];

  constructor(max: number) {
    this.#max = max;
  }

  get active(): number {
    return this.#active;
  }

  async run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.#acquire(signal);
    try {
      return await work();
    } finally {
      this.#active--;
      this.#queue.shift()?.();
    }
  }

  #acquire(signal?: AbortSignal): Promise<void> {
    if (this.#active < this.#max) {
      this.#active++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const grant = () => {
        signal?.removeEventListener('abort', onAbort);
        this.#active++;
        resolve();
      };
      const onAbort = () => {
        const i = this.#queue.indexOf(grant);
        if (i >= 0) this.#queue.splice(i, 1);
        reject(signal?.reason);
      };
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#queue.push(grant);
    });
  }
}
