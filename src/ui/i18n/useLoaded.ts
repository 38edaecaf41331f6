import { useEffect, useState } from 'react';
import type { Language } from './languages';

/**
 * Whether the words of `language` can be shown: at once when `isLoaded`, else once `load` settles.
 * `load` must not reject; if it could not load them, English stands in (see catalogs.ts).
 */
export function useLoaded(
  language: Language,
  isLoaded: (language: Language) => boolean,
  load: (language: Language) => Promise<void>,
): boolean {
  const [settled, setSettled] = useState<Language | null>(null);
  const ready = settled === language || isLoaded(language);
  useEffect(() => {
    if (ready) return;
    let current = true;
    void load(language).then(() => {
      if (current) setSettled(language);
    });
    return () => {
      current = false;
    };
  }, [language, ready, isLoaded, load]);
  return ready;
}
