import { describe, expect, it } from 'vitest';
import { messagesIssues } from './overrides';

describe('messagesIssues (the `messages` option)', () => {
  it('accepts known keys with known placeholders, in supported languages', () => {
    expect(messagesIssues(undefined)).toEqual([]);
    expect(
      messagesIssues({ en: { 'name.continueTo': 'Pay with {partner}' }, de: { 'name.continue': 'Los' } }),
    ).toEqual([]);
  });

  it('names every problem at once', () => {
    expect(
      messagesIssues({
        en: { 'name.continu': 'Next', 'name.back': '', 'name.continueTo': 'Pay {partnr}' },
        sv: {},
        fr: 'Suivant',
      }),
    ).toEqual([
      'messages.en: "name.continu" is not a message key',
      'messages.en.name.back must be a non-empty string',
      'messages.en.name.continueTo: {partnr} is not a placeholder of this message',
      'messages: "sv" is not a supported language (en, es, fr, de, pt, it, ja, zh, ko, tr)',
      'messages.fr must be an object of message keys',
    ]);
    expect(messagesIssues(['en'])).toEqual(['messages must be an object of languages, e.g. { en: { … } }']);
    expect(messagesIssues({ en: { toString: 'x' } })).toEqual([
      'messages.en: "toString" is not a message key',
    ]);
  });
});
