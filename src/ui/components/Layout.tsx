import { useMemo, type CSSProperties, type ReactNode } from 'react';
import { useTranslator } from '../i18n/context';
import { themeVars, type ThemeOption } from '../theme/tokens';
import { cx } from './cx';

export interface LayoutProps {
  /** @default 'light' */
  theme?: ThemeOption;
  /** The region's name. @default "Crypto checkout" (translated) */
  label?: string;
  className?: string;
  children?: ReactNode;
}

/** The widget root: a named region carrying `data-rc` (the CSS scope), the theme class and variables. */
export function Layout({ theme, label, className, children }: LayoutProps) {
  const t = useTranslator();
  // Keyed by content: an inline theme object must not re-validate (and re-warn) on every render.
  const key = typeof theme === 'object' && theme !== null ? JSON.stringify(theme) : theme;
  const vars = useMemo(() => themeVars(key?.startsWith('{') ? JSON.parse(key) : (key as ThemeOption)), [key]);
  return (
    <section
      aria-label={label ?? t('name.widget')}
      data-rc=""
      lang={t.language}
      className={cx('rc-root rc-stack', vars.className, className)}
      style={vars.style as CSSProperties}
    >
      {children}
    </section>
  );
}
