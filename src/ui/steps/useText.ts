// One translate function for the steps: their own messages first, then the kit's catalog.
import { useMemo } from 'react';
import { useTranslator } from '../i18n';
import type { MessageParams, TranslationKey, Translator } from '../i18n';
import type { TextKey } from './messages';
import { en, stepMessages } from './messages';

export type StepTextKey = TextKey;
export type Text = Translator & ((key: TranslationKey | StepTextKey, params?: MessageParams) => string);

const PARAM = /\{(\w+)\}/g;

export function useText(): Text {
  const t = useTranslator();
  return useMemo(() => {
    // English stands in while (or if) the steps' words of the language are not loaded.
    const own: Record<string, string> = stepMessages(t.language) ?? en;
    const text = (key: string, params?: MessageParams): string => {
      const template = own[key];
      if (template === undefined) return t(key as TranslationKey, params);
      return params ? template.replace(PARAM, (all, name: string) => String(params[name] ?? all)) : template;
    };
    return Object.assign(text, { language: t.language, locale: t.locale }) as Text;
  }, [t]);
}
