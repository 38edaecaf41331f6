import { Fragment, type ReactNode } from 'react';
import { PARAM, type TranslationKey, type Translator } from './translator';

/**
 * A message whose values may be React nodes (a figure still on its way, shown as its placeholder).
 * Each value has a place of its own (a fragment keyed by its name) and the message's own words keep
 * theirs, so when a placeholder becomes its figure only that place changes: a text node reused for
 * other words would count as text that moved.
 */
export function messageNodes(
  t: Translator,
  key: TranslationKey,
  values: Record<string, ReactNode>,
): ReactNode {
  // With no value to fill in, `t` gives the message with its placeholders as written, `{name}`.
  return t(key, {})
    .split(new RegExp(PARAM.source))
    .map((part, i) =>
      i % 2 === 0 ? (
        part
      ) : (
        <Fragment key={`${part}-${i}`}>{Object.hasOwn(values, part) ? values[part] : `{${part}}`}</Fragment>
      ),
    );
}
