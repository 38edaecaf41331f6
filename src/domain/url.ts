/**
 * An absolute http(s) URL (what a redirect or an API base may be); with `allowRelative`, also a
 * same-origin path ('/api/ramp', never the protocol-relative '//host').
 */
export function isHttpUrl(value: string, allowRelative = false): boolean {
  if (allowRelative && value.startsWith('/') && !value.startsWith('//')) return true;
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}
