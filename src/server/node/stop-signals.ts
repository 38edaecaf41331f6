// How the server takes the signals that stop it. One stop (the drain, then the exit) however often
// its signal arrives: a process manager that signals the whole process group (systemd's default
// KillMode=control-group, supervisord's stopasgroup) reaches the server and `npm start`'s npm alike,
// and npm forwards what it got, so the server hears each SIGTERM twice. Only a person may cut the
// drain short, by pressing Ctrl-C again: a SIGINT that comes SAME_DELIVERY_MS or more after the first
// (npm's forwarded copy of a Ctrl-C follows the terminal's within milliseconds).
export const SAME_DELIVERY_MS = 500;

export type StopSignal = 'SIGINT' | 'SIGTERM';

export interface StopHandlers {
  /** The first signal: the graceful stop. */
  stop(signal: StopSignal): void;
  /** A signal during the stop that changes nothing. */
  repeated(signal: StopSignal): void;
  /** A second Ctrl-C: exit without waiting for the drain. */
  cutShort(): void;
}

/** A listener for SIGINT and SIGTERM that applies the rules above. */
export function stopOnSignals(handlers: StopHandlers, now: () => number = () => performance.now()) {
  let stopping = false;
  let firstInterrupt: number | undefined;
  return (signal: StopSignal): void => {
    const at = now();
    if (signal === 'SIGINT') {
      if (firstInterrupt !== undefined && at - firstInterrupt >= SAME_DELIVERY_MS) return handlers.cutShort();
      firstInterrupt ??= at;
    }
    if (stopping) return handlers.repeated(signal);
    stopping = true;
    handlers.stop(signal);
  };
}
