// The slice of jsdom's API that built-embed.test.ts drives (jsdom ships no types of its own, and
// @types/jsdom is no dependency of this project).
declare module 'jsdom' {
  export class ResourceLoader {
    fetch(url: string, options: { element?: Element }): Promise<Buffer> | null;
  }
  export interface ConstructorOptions {
    url?: string;
    runScripts?: 'dangerously' | 'outside-only';
    resources?: ResourceLoader | 'usable';
    pretendToBeVisual?: boolean;
    beforeParse?(window: Window & typeof globalThis): void;
  }
  export class JSDOM {
    constructor(html?: string, options?: ConstructorOptions);
    readonly window: Window & typeof globalThis;
  }
}
