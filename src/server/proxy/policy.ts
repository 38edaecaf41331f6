// The proxy's path policy: the checks made on every request below /api/ramp before anything is
// routed (the path's form, the query's length). What each route takes is its declaration's
// (allowlist.ts, checked by api/routes/mount.ts). A request either matches one route exactly or is refused.
import { HttpError, badRequest } from '../http/errors';

export const MAX_PATH_LENGTH = 512;
export const MAX_QUERY_LENGTH = 2048;

/**
 * Refuses paths that could mean something else after decoding or normalisation: percent-encoding
 * (%2e%2e, %2f, %5c, …), backslashes, empty or dot segments, control or non-ASCII characters and
 * overlong paths. None of the allowlisted paths needs any of these.
 */
export function checkPath(path: string): HttpError | null {
  if (path.length > MAX_PATH_LENGTH)
    return new HttpError(414, 'URI_TOO_LONG', 'The request path is too long');
  if (!path.startsWith('/')) return badRequest('INVALID_PATH', 'The request path must start with /');
  // Printable ASCII only, and none of: % (encodings) \ (alternate separator).
  if (!/^[\x21-\x7E]*$/.test(path) || path.includes('%') || path.includes('\\')) {
    return badRequest('INVALID_PATH', 'The request path contains characters that are not accepted');
  }
  const segments = path.split('/').slice(1);
  if (segments.slice(0, -1).some((s) => s === '') || segments.some((s) => s === '.' || s === '..')) {
    return badRequest('INVALID_PATH', 'The request path contains empty or dot segments');
  }
  return null;
}
