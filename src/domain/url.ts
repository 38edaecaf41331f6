/**
 * An absolute http(s) URL: what may become a link, a redirect or an API base (never javascript:,
 * data: …); with `allowRelative`, also a same-origin path ('/api/ramp', never the protocol-relative
 * '//host').
 */
export function isHttpUrl(value: string | undefined, allowRelative = false): value is string {
  if (!value) return false;
  if (allowRelative && value.startsWith('/') && !value.startsWith('//')) return true;
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}
