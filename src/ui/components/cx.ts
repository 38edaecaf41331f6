/** Joins the truthy class names. */
export const cx = (...names: (string | false | null | undefined | 0)[]): string =>
  names.filter(Boolean).join(' ');
