import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const css = readFileSync(new URL('./styles.css', import.meta.url), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');

/** A selector list split at commas outside parentheses (`:where(a, b)` stays whole). */
function splitTopLevel(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < list.length; i++) {
    if (list[i] === '(') depth++;
    else if (list[i] === ')') depth--;
    else if (list[i] === ',' && depth === 0) {
      parts.push(list.slice(from, i).trim());
      from = i + 1;
    }
  }
  return [...parts, list.slice(from).trim()];
}

/** Every style rule's selector list, descending into @media blocks (keyframe steps excluded). */
function selectors(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  const frames: string[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '{') {
      const prelude = text.slice(start, i).trim();
      const inKeyframes = frames.some((f) => f.startsWith('@keyframes'));
      if (!prelude.startsWith('@') && !inKeyframes) out.push(...splitTopLevel(prelude));
      frames.push(prelude);
      depth++;
      start = i + 1;
    } else if (ch === '}') {
      frames.pop();
      depth--;
      start = i + 1;
    } else if (ch === ';' && depth > 0 && frames.at(-1)?.startsWith('@') === false) {
      start = i + 1; // a declaration ended inside a rule
    }
  }
  return out.filter(Boolean);
}

describe('styles.css', () => {
  const all = selectors(css);

  it('has rules', () => {
    expect(all.length).toBeGreaterThan(50);
  });

  it('scopes every selector under [data-rc]', () => {
    expect(all.filter((s) => !s.startsWith('[data-rc]'))).toEqual([]);
  });

  it('follows prefers-color-scheme for auto, respects reduced motion and shows focus', () => {
    expect(css).toMatch(/@media \(prefers-color-scheme: dark\)\s*{\s*\[data-rc\]\.rc-auto/);
    expect(css).toMatch(/@media \(prefers-reduced-motion: reduce\)/);
    expect(css).toMatch(/\[data-rc\] :focus-visible\s*{\s*outline: 3px solid var\(--rc-focus\)/);
  });

  it('defines every variable it uses', () => {
    const used = new Set([...css.matchAll(/var\((--rc-[\w-]+)/g)].map((m) => m[1]));
    const defined = new Set([...css.matchAll(/(--rc-[\w-]+):/g)].map((m) => m[1]));
    expect([...used].filter((v) => !defined.has(v))).toEqual([]);
  });
});
