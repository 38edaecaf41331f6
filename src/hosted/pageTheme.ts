// The page around the widget follows the widget's theme mode, so a dark checkout is not framed in white.
import type { ThemeOption } from '../ui/theme';

const MODES = ['light', 'dark', 'auto'] as const;

export function themeMode(theme: ThemeOption | undefined): (typeof MODES)[number] {
  const mode = typeof theme === 'string' ? theme : theme?.mode;
  return MODES.find((m) => m === mode) ?? 'auto';
}

export function applyPageTheme(doc: Document, theme: ThemeOption | undefined): void {
  const root = doc.documentElement;
  for (const m of MODES) root.classList.toggle(`hp-${m}`, m === themeMode(theme));
}
