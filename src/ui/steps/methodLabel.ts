import type { Translator } from '../i18n';

/** The method's name in the shopper's language when the catalog knows it, else the service's. */
export function methodLabel(method: string, name: string, t: Translator): string {
  const key = `method.${method}`;
  const said = t(key as Parameters<Translator>[0]);
  return said === key ? name : said;
}
