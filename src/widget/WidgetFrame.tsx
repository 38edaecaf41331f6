// The widget's frame: its region in its language and theme (English ships with the widget; another
// language's catalog loads as the frame first renders), and what it shows for invalid options.
import type { ReactNode } from 'react';
import { Alert, Layout } from '../ui/components';
import { I18nProvider, useTranslator, type MessageOverrides } from '../ui/i18n';
import type { ThemeOption } from '../ui/theme';

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
