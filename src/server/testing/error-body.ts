// Test support: the error body every refusal and failure of the server has.
import { expect } from 'vitest';

/** Exactly code, message and requestId (+ documented extras), the id the one of the X-Request-Id header. */
export async function errorBody(
  res: Response,
): Promise<{ code: string; message: string; requestId: string }> {
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await res.json()) as { code: string; message: string; requestId: string };
  expect(body).toMatchObject({
    code: expect.stringMatching(/^[A-Z][A-Z0-9_]+$/),
    message: expect.any(String),
    requestId: res.headers.get('x-request-id'),
  });
  expect(body.message.length).toBeGreaterThan(0);
  return body;
}
