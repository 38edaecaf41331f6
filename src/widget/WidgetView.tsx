// The widget's view, a chunk of its own: all it shows (the screens, the kit, the English texts and
// the stylesheet). The core (RampCheckout.tsx) starts loading it as the widget mounts, in parallel
// with the checkout's first requests, and shows it once here; so a merchant's app pays for it only
// where a widget mounts. (The script-tag embed, one file, has it inline.)
import type { ReactNode } from 'react';
import { Alert, Layout } from '../ui/components';
import { I18nProvider } from '../ui/i18n';
import { useLanguage, useText } from '../ui/steps';
import type { ThemeOption } from '../ui/theme';

export { CheckoutScreen } from '../ui/CheckoutScreen';
export { adoptWidgetStyles } from '../ui/theme';

export interface WidgetFrameProps {
  locale?: string;
  theme: ThemeOption;
  children: ReactNode;
}

/** The widget's region, in its language: shown once that language's words are here (English: at once). */
export function WidgetFrame({ locale, theme, children }: WidgetFrameProps) {
  return useLanguage(locale) ? (
    <I18nProvider locale={locale}>
      <Layout theme={theme}>{children}</Layout>
    </I18nProvider>
  ) : null;
}

export function InvalidOptions({ issues }: { issues: string[] }) {
  const t = useText();
  return (
    <Alert title={t('options.invalid')}>
      <ul>
        {issues.map((issue) => (
          <li key={issue}>{issue}</li>
        ))}
      </ul>
    </Alert>
  );
}
