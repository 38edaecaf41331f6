// What a declared route's checks refuse a request with (mount.ts): its status, code, message and the
// problems one by one. The server answers it as any of its errors, `{ code, message, details,
// requestId }`; the standalone sandbox as `{ code, message }`.
export class Refusal extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 405 | 415,
    readonly code:
      | 'INVALID_QUERY_PARAMETER'
      | 'INVALID_BODY'
      | 'NOT_FOUND'
      | 'METHOD_NOT_ALLOWED'
      | 'FORBIDDEN'
      | 'NOT_SUPPORTED',
    message: string,
    readonly details?: string[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'Refusal';
  }
}
