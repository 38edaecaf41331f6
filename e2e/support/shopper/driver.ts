// What a browser engine must do for the shopper (./shopper.ts): the adapters are ./webkit.ts
// (WebDriver classic) and ./firefox.ts (WebDriver BiDi). Input is WebDriver's actions, which both
// protocols share.

/** One of WebDriver's input sources with its actions (a pointer's moves and presses, keys). */
export type InputSource =
  | {
      type: 'pointer';
      id: string;
      parameters: { pointerType: 'mouse' };
      actions: (
        | { type: 'pointerMove'; x: number; y: number; origin: 'viewport'; duration: number }
        | { type: 'pointerDown' | 'pointerUp'; button: number }
      )[];
    }
  | { type: 'key'; id: string; actions: { type: 'keyDown' | 'keyUp'; value: string }[] };

/** A browser window (a tab in Firefox). */
export interface EngineWindow {
  /** Loads the URL and waits for its load event. */
  navigate(url: string): Promise<void>;
  /**
   * Runs `body`, a function body given one string in `arguments[0]`, in the page, and returns the
   * string it returns (or its promise resolves with).
   */
  run(body: string, arg: string): Promise<string>;
  perform(inputs: InputSource[]): Promise<void>;
  /** Sets the viewport (innerWidth × innerHeight) to exactly this size. */
  setViewport(width: number, height: number): Promise<void>;
  /** The windows this one has opened and that are still open, oldest first. */
  opened(): Promise<EngineWindow[]>;
  /** Closes this window (a popup). */
  close(): Promise<void>;
  /** What the engine itself reported as errors in this window (where it reports them). */
  engineErrors(): string[];
}

/** A browser, once per test worker. */
export interface Engine {
  readonly name: 'webkit' | 'firefox';
  /**
   * A shopper's own browsing session (nothing stored from another test) in `language`, a browser
   * language as a shopper's system or browser names it ("nl-NL", "en_US", "C"); its first window.
   */
  open(language: string): Promise<{ window: EngineWindow; end(): Promise<void> }>;
  /** Ends every session and the browser. */
  close(): Promise<void>;
}
