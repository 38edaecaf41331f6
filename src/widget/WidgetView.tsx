// The widget's view, a chunk of its own: all it shows (the screens, the kit, the English texts and
// the stylesheet). The core (RampCheckout.tsx) starts loading it as the widget mounts, in parallel
// with the checkout's first requests, and shows it once here; so a merchant's app pays for it only
// where a widget mounts. (The script-tag embed, one file, has it inline.)
import type { ReactNode } from 'react';
import { Alert, Layout } from '../ui/components';
import { I18nProvider, useTranslator, type MessageOverrides } from '../ui/i18n';
import type { ThemeOption } from '../ui/theme';

export { CheckoutScreen } from '../ui/CheckoutScreen';
export { adoptWidgetStyles } from '../ui/theme';

export interface WidgetFrameProps {
  locale?: string;
  messages?: MessageOverrides;
  theme: ThemeOption;
  children: ReactNode;
}

/** The widget's region, in its language: shown once that language's words are here (English: at once). */
export function WidgetFrame({ locale, messages, theme, children }: WidgetFrameProps) {
  return (
    <I18nProvider locale={locale} messages={messages}>
      <Layout theme={theme}>{children}</Layout>
    </I18nProvider>
  );
}

export function InvalidOptions({ issues }: { issues: string[] }) {
  const t = useTranslator();
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
