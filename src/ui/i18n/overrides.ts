// The `messages` option checked: a merchant's words for known messages, in languages the widget
// speaks, with no placeholder the English message does not have (a typo would show "{partnr}").
import { en } from './en';
import { languages, type MessageOverrides } from './languages';
import { PARAM } from './translator';
import { isRecord } from '../../domain/json';

const placeholders = (s: string) => new Set([...s.matchAll(PARAM)].map((m) => m[1]));

/** What is wrong with a `messages` option, one line each (none: it is usable as MessageOverrides). */
export function messagesIssues(value: unknown): string[] {
  if (value === undefined) return [];
  if (!isRecord(value)) return ['messages must be an object of languages, e.g. { en: { … } }'];
  const issues: string[] = [];
  for (const [language, words] of Object.entries(value)) {
    if (!languages.some((l) => l === language)) {
      issues.push(`messages: "${language}" is not a supported language (${languages.join(', ')})`);
    } else if (!isRecord(words)) {
      issues.push(`messages.${language} must be an object of message keys`);
    } else {
      for (const [key, text] of Object.entries(words)) {
        const english: string | undefined = Object.hasOwn(en, key) ? en[key as keyof typeof en] : undefined;
        if (english === undefined) issues.push(`messages.${language}: "${key}" is not a message key`);
        else if (typeof text !== 'string' || !text.trim())
          issues.push(`messages.${language}.${key} must be a non-empty string`);
        else {
          const allowed = placeholders(english);
          const unknown = [...placeholders(text)].filter((p) => !allowed.has(p));
          if (unknown.length)
            issues.push(
              `messages.${language}.${key}: {${unknown.join('}, {')}} is not a placeholder of this message`,
            );
        }
      }
    }
  }
  return issues;
}

export type { MessageOverrides };
