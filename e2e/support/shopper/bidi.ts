// A WebDriver BiDi client over a WebSocket: commands answered by id, events to listeners
// (https://w3c.github.io/webdriver-bidi/). The few the Firefox lane uses.
import WebSocket from 'ws';

type Listener = (params: Record<string, unknown>) => void;

export class BiDi {
  private next = 0;
  private readonly pending = new Map<number, { method: string; done: (m: Message) => void }>();
  private readonly listeners = new Map<string, Listener[]>();

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString()) as Message;
      if (message.type === 'event') {
        for (const listener of this.listeners.get(message.method) ?? []) listener(message.params);
        return;
      }
      const waiter = this.pending.get(message.id);
      this.pending.delete(message.id);
      waiter?.done(message);
    });
    socket.on('close', () => {
      for (const [id, waiter] of this.pending) {
        this.pending.delete(id);
        waiter.done({ type: 'error', id, error: 'connection closed', message: 'the browser went away' });
      }
    });
  }

  static async connect(url: string): Promise<BiDi> {
    const socket = new WebSocket(url);
    await new Promise<void>((ok, fail) => {
      socket.once('open', () => ok());
      socket.once('error', fail);
    });
    return new BiDi(socket);
  }

  /**
   * Sends a command; its answer, or an error after `timeoutMs` (a script awaited in a page that went
   * away mid-call may never be answered).
   */
  send<T = Record<string, unknown>>(
    method: string,
    params: Record<string, unknown> = {},
    timeoutMs = 30_000,
  ): Promise<T> {
    const id = ++this.next;
    return new Promise<T>((ok, fail) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        fail(new Error(`${method}: no answer in ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending.set(id, {
        method,
        done: (m) => {
          clearTimeout(timer);
          if (m.type === 'success') ok(m.result as T);
          else
            fail(new Error(`${method}: ${m.type === 'error' ? `${m.error} (${m.message})` : 'no answer'}`));
        },
      });
      this.socket.send(JSON.stringify({ id, method, params }));
    });
  }

  on(event: string, listener: Listener): void {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
  }

  close(): void {
    this.socket.close();
  }
}

type Message =
  | { type: 'success'; id: number; result: unknown }
  | { type: 'error'; id: number; error: string; message: string }
  | { type: 'event'; method: string; params: Record<string, unknown> };
