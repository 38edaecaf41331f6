// Fault rules may name their paths by a regular expression (`pathPattern`), sent over HTTP by test
// tooling. JavaScript's RegExp backtracks: `^/(a+)+$` against 28 × `a` and a `!` takes 2^28 steps and
// blocks the whole server. Patterns are therefore compiled to a Thompson automaton here and run by
// tracking the set of live states, which costs at most (path length + 1) × (states) steps, whatever
// the pattern. The syntax is the regular subset tests need: literals and escapes, `.`, classes
// `[a-z]` `[^/]` `\d` `\w` `\s`, groups `(…)` `(?:…)`, `|`, `* + ?` and `{n}` `{n,}` `{n,m}`, `^` and `$`.
// No backreferences or lookaround (they are what makes matching non-linear).

export interface PathPattern {
  readonly source: string;
  test(path: string): boolean;
  /** Steps the last test() took (for the linearity test). */
  readonly lastSteps: number;
}

export class PathPatternError extends Error {
  override readonly name = 'PathPatternError';
}

/** Bounds the automaton (and so the cost per character) a pattern of ≤ 200 characters may build. */
export const MAX_PATTERN_STATES = 2_000;
const MAX_REPEAT = 100;

type Pred = (ch: number) => boolean;
type Ast =
  | { k: 'empty' }
  | { k: 'pred'; f: Pred }
  | { k: 'bol' }
  | { k: 'eol' }
  | { k: 'cat'; items: Ast[] }
  | { k: 'alt'; items: Ast[] }
  | { k: 'rep'; node: Ast; min: number; max: number };

type State =
  | { t: 'pred'; f: Pred; next: number }
  | { t: 'split'; next: number[] }
  | { t: 'bol' | 'eol'; next: number }
  | { t: 'match' };

const code = (s: string) => s.charCodeAt(0);
const isDigit: Pred = (c) => c >= 48 && c <= 57;
const isWord: Pred = (c) => isDigit(c) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
const isSpace: Pred = (c) => c === 32 || (c >= 9 && c <= 13) || c === 160;
const not =
  (f: Pred): Pred =>
  (c) =>
    !f(c);

function parse(src: string): Ast {
  let i = 0;
  const fail = (why: string): never => {
    throw new PathPatternError(`pathPattern: ${why} at ${i}`);
  };
  const peek = () => src[i];

  function escape(): Pred {
    const ch = src[i++];
    if (ch === undefined) return fail('a trailing backslash');
    switch (ch) {
      case 'd':
        return isDigit;
      case 'D':
        return not(isDigit);
      case 'w':
        return isWord;
      case 'W':
        return not(isWord);
      case 's':
        return isSpace;
      case 'S':
        return not(isSpace);
    }
    if (/[A-Za-z0-9]/.test(ch)) return fail(`an unsupported escape \\${ch}`);
    const c = code(ch);
    return (x) => x === c;
  }

  function klass(): Pred {
    const negate = peek() === '^';
    if (negate) i++;
    const parts: Pred[] = [];
    let first = true;
    while (peek() !== ']' || first) {
      first = false;
      if (peek() === undefined) fail('an unclosed [');
      let lo: number | Pred;
      if (peek() === '\\') {
        i++;
        lo = escape();
      } else lo = code(src[i++]!);
      if (typeof lo === 'number' && peek() === '-' && src[i + 1] !== ']' && src[i + 1] !== undefined) {
        i++;
        const hiCh = src[i++] === '\\' ? src[i++] : src[i - 1];
        if (hiCh === undefined) fail('an unclosed range');
        const hi = code(hiCh!);
        if (hi < lo) fail('a range out of order');
        const from = lo;
        parts.push((c) => c >= from && c <= hi);
      } else if (typeof lo === 'number') {
        const one = lo;
        parts.push((c) => c === one);
      } else parts.push(lo);
    }
    i++;
    const any: Pred = (c) => parts.some((p) => p(c));
    return negate ? not(any) : any;
  }

  function atom(): Ast {
    const ch = src[i++]!;
    switch (ch) {
      case '(': {
        if (src.startsWith('?:', i)) i += 2;
        else if (peek() === '?') fail('lookaround or named groups are not supported');
        const inner = alternation();
        if (src[i++] !== ')') fail('an unclosed (');
        return inner;
      }
      case '[':
        return { k: 'pred', f: klass() };
      case '.':
        return { k: 'pred', f: (c) => c !== 10 && c !== 13 };
      case '^':
        return { k: 'bol' };
      case '$':
        return { k: 'eol' };
      case '\\':
        return { k: 'pred', f: escape() };
      case ')':
      case '*':
      case '+':
      case '?':
        return fail(`a misplaced ${ch}`);
      default: {
        const c = code(ch);
        return { k: 'pred', f: (x) => x === c };
      }
    }
  }

  function quantified(): Ast {
    let node = atom();
    for (let quantifiers = 0; ; quantifiers++) {
      const ch = peek();
      let min: number;
      let max: number;
      if (ch === '*') [min, max] = [0, Infinity];
      else if (ch === '+') [min, max] = [1, Infinity];
      else if (ch === '?') [min, max] = [0, 1];
      else if (ch === '{') {
        const m = /^\{(\d{1,6})(,(\d{0,6}))?\}/.exec(src.slice(i));
        if (!m) return node;
        min = Number(m[1]);
        max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
        if (max < min || min > MAX_REPEAT || (max !== Infinity && max > MAX_REPEAT)) fail('a bad {n,m}');
        i += m[0].length - 1;
      } else return node;
      if (quantifiers > 0) fail('nothing to repeat');
      i++;
      if (peek() === '?') i++; // lazy or greedy: the same set of matches
      if (node.k === 'bol' || node.k === 'eol') fail('a quantified anchor');
      node = { k: 'rep', node, min, max };
    }
  }

  function sequence(): Ast {
    const items: Ast[] = [];
    while (i < src.length && peek() !== '|' && peek() !== ')') items.push(quantified());
    return items.length === 0 ? { k: 'empty' } : items.length === 1 ? items[0]! : { k: 'cat', items };
  }

  function alternation(): Ast {
    const items = [sequence()];
    while (peek() === '|') {
      i++;
      items.push(sequence());
    }
    return items.length === 1 ? items[0]! : { k: 'alt', items };
  }

  const ast = alternation();
  if (i < src.length) fail('an unmatched )');
  return ast;
}

function compile(ast: Ast): { states: State[]; start: number } {
  const states: State[] = [{ t: 'match' }];
  const add = (s: State) => {
    if (states.length >= MAX_PATTERN_STATES) throw new PathPatternError('pathPattern: too complex');
    states.push(s);
    return states.length - 1;
  };
  // Builds `node` followed by the state `next`; returns the entry state.
  const build = (node: Ast, next: number): number => {
    switch (node.k) {
      case 'empty':
        return next;
      case 'pred':
        return add({ t: 'pred', f: node.f, next });
      case 'bol':
      case 'eol':
        return add({ t: node.k, next });
      case 'cat':
        return node.items.reduceRight((n, item) => build(item, n), next);
      case 'alt':
        return add({ t: 'split', next: node.items.map((item) => build(item, next)) });
      case 'rep': {
        let entry = next;
        if (node.max === Infinity) {
          const loop = add({ t: 'split', next: [] });
          (states[loop] as { next: number[] }).next.push(build(node.node, loop), next);
          entry = loop;
        } else {
          for (let k = node.min; k < node.max; k++) {
            entry = add({ t: 'split', next: [build(node.node, entry), next] });
          }
        }
        for (let k = 0; k < node.min; k++) entry = build(node.node, entry);
        return entry;
      }
    }
  };
  const start = build(ast, 0);
  return { states, start };
}

/** Compiles a pattern; throws PathPatternError when it is not in the supported syntax. */
export function compilePathPattern(source: string): PathPattern {
  const { states, start } = compile(parse(source));
  let lastSteps = 0;
  return {
    source,
    get lastSteps() {
      return lastSteps;
    },
    test(path) {
      let steps = 0;
      const end = path.length;
      // The states reachable from `s` without reading a character, at position `pos`.
      const close = (set: Set<number>, s: number, pos: number) => {
        const stack = [s];
        while (stack.length > 0) {
          const id = stack.pop()!;
          if (set.has(id)) continue;
          set.add(id);
          steps++;
          const st = states[id]!;
          if (st.t === 'split') stack.push(...st.next);
          else if (st.t === 'bol' && pos === 0) stack.push(st.next);
          else if (st.t === 'eol' && pos === end) stack.push(st.next);
        }
      };
      let current = new Set<number>();
      close(current, start, 0);
      for (let pos = 0; ; pos++) {
        if (current.has(0)) return ((lastSteps = steps), true);
        if (pos === end) return ((lastSteps = steps), false);
        const c = path.charCodeAt(pos);
        const next = new Set<number>();
        for (const id of current) {
          const st = states[id]!;
          if (st.t === 'pred' && st.f(c)) close(next, st.next, pos + 1);
        }
        // Unanchored, like RegExp.test: a match may also start here.
        close(next, start, pos + 1);
        current = next;
      }
    },
  };
}
