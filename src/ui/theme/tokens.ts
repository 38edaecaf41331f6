export type ThemeMode = 'light' | 'dark' | 'auto';

/** The white-label token contract. Colour tokens apply in every mode; omitted ones keep the palette's. */
export interface ThemeTokens {
  /** @default 'light' */
  mode?: ThemeMode;
  /** Primary buttons, selection, links. */
  brandColor?: string;
  /** Text on brandColor. Derived from a hex brandColor when omitted. */
  brandContrast?: string;
  background?: string;
  surface?: string;
  text?: string;
  muted?: string;
  border?: string;
  success?: string;
  danger?: string;
  warning?: string;
  focusRing?: string;
  /** Corner radius, a CSS length ("12px", "0.5rem"). */
  radius?: string;
  fontFamily?: string;
  /** The base spacing unit, a CSS length. */
  spacing?: string;
}

export type ThemeOption = ThemeMode | ThemeTokens;

type Kind = 'color' | 'length' | 'font';
const TOKENS: Record<Exclude<keyof ThemeTokens, 'mode'>, [cssVar: string, kind: Kind]> = {
  brandColor: ['--rc-brand', 'color'],
  brandContrast: ['--rc-brand-contrast', 'color'],
  background: ['--rc-bg', 'color'],
  surface: ['--rc-surface', 'color'],
  text: ['--rc-text', 'color'],
  muted: ['--rc-muted', 'color'],
  border: ['--rc-border', 'color'],
  success: ['--rc-success', 'color'],
  danger: ['--rc-danger', 'color'],
  warning: ['--rc-warning', 'color'],
  focusRing: ['--rc-focus', 'color'],
  radius: ['--rc-radius', 'length'],
  fontFamily: ['--rc-font', 'font'],
  spacing: ['--rc-space', 'length'],
};

const HEX = /^#(?:[\da-f]{3,4}|[\da-f]{6}|[\da-f]{8})$/i;
// Function bodies allow no parentheses, quotes, semicolons or braces: nothing can escape the value.
const COLOR_FN = /^(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\([\w\s.,%/+-]*\)$/i;
const NAMED = /^[a-z]{3,30}$/i;
const LENGTH = /^(?:0|\d*\.?\d+(?:px|rem|em|%))$/;
const FONT = /^[\p{L}\p{N}\s,'"._-]{1,200}$/u;

function supports(property: string, value: string): boolean {
  // The browser's own parser when it has one (jsdom and old engines do not).
  return typeof CSS === 'undefined' || typeof CSS.supports !== 'function' || CSS.supports(property, value);
}

function isValid(kind: Kind, v: string): boolean {
  if (kind === 'color') return (HEX.test(v) || COLOR_FN.test(v) || NAMED.test(v)) && supports('color', v);
  if (kind === 'length') return LENGTH.test(v);
  return FONT.test(v);
}

/** Black or white, whichever reads better on a hex colour (WCAG relative luminance). */
export function contrastOn(hex: string): string | undefined {
  if (!HEX.test(hex)) return undefined;
  const h = hex.length <= 5 ? [...hex.slice(1, 4)].map((c) => c + c).join('') : hex.slice(1, 7);
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(h.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const l = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // Contrast with white (1.05 / (l + 0.05)) vs black ((l + 0.05) / 0.05).
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? '#ffffff' : '#111111';
}

const MODES: readonly ThemeMode[] = ['light', 'dark', 'auto'];

/**
 * What is wrong with a theme option, one line each (empty: nothing): a mode that is not one of the
 * three, a token that does not exist, a value that is not a valid CSS colour, length or font. The
 * widget's options check reports these with every other bad option.
 */
export function themeIssues(theme: unknown): string[] {
  if (theme === undefined) return [];
  if (typeof theme === 'string')
    return MODES.includes(theme as ThemeMode) ? [] : [`theme "${theme}" is not "light", "dark" or "auto"`];
  if (typeof theme !== 'object' || theme === null || Array.isArray(theme))
    return ['theme must be "light", "dark", "auto" or a token object'];
  const issues: string[] = [];
  for (const [name, raw] of Object.entries(theme)) {
    if (raw === undefined) continue;
    if (name === 'mode') {
      if (!MODES.includes(raw as ThemeMode))
        issues.push(`theme.mode ${JSON.stringify(raw)} is not "light", "dark" or "auto"`);
      continue;
    }
    const spec = TOKENS[name as keyof typeof TOKENS] as [string, Kind] | undefined;
    if (!spec)
      issues.push(`theme.${name} is not a theme token (tokens: mode, ${Object.keys(TOKENS).join(', ')})`);
    else if (typeof raw !== 'string' || !isValid(spec[1], raw.trim()))
      issues.push(`theme.${name} is not a valid CSS ${spec[1]}: ${JSON.stringify(raw)}`);
  }
  return issues;
}

/**
 * A theme option as the root's class (the palette: `auto` follows prefers-color-scheme in CSS)
 * and inline CSS variables for the tokens that passed validation. Invalid tokens are ignored with
 * a console.warn naming them, so a typo degrades to the default look rather than a broken one.
 */
export function themeVars(theme?: ThemeOption): { className: string; style: Record<string, string> } {
  const tokens: ThemeTokens = typeof theme === 'object' && theme !== null ? theme : { mode: theme };
  let mode: ThemeMode = 'light';
  if (tokens.mode !== undefined) {
    if (MODES.includes(tokens.mode)) mode = tokens.mode;
    else
      console.warn(
        `ramp-checkout: theme mode "${String(tokens.mode)}" is not light, dark or auto; using light`,
      );
  }
  const style: Record<string, string> = {};
  for (const [name, raw] of Object.entries(tokens)) {
    if (name === 'mode' || raw === undefined) continue;
    const spec = TOKENS[name as keyof typeof TOKENS] as [string, Kind] | undefined;
    const value = typeof raw === 'string' ? raw.trim() : '';
    if (!spec) console.warn(`ramp-checkout: unknown theme token "${name}" ignored`);
    else if (!isValid(spec[1], value))
      console.warn(
        `ramp-checkout: theme token "${name}" is not a valid CSS ${spec[1]}: ${JSON.stringify(raw)}`,
      );
    else style[spec[0]] = value;
  }
  const brand = style['--rc-brand'];
  if (brand && !style['--rc-brand-contrast']) {
    const contrast = contrastOn(brand);
    if (contrast) style['--rc-brand-contrast'] = contrast;
  }
  return { className: `rc-${mode}`, style };
}
