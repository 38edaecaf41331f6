// Who may drive the sandbox's test controls (fault rules, the clock, the cache). They change
// server-wide state, so a page of another site must not reach them: a browser sends a cross-site
// request without a preflight only with a "simple" content type (text/plain, a form), so every
// control request must be JSON, and a browser that says where it comes from must come from here.

export interface ControlRefusal {
  status: 403 | 415;
  message: string;
}

/** Why `request` may not use the controls of the service at `ownOrigin`, or null when it may. */
export function controlRefusal(request: Request, ownOrigin: string): ControlRefusal | null {
  const site = request.headers.get('sec-fetch-site');
  const origin = request.headers.get('origin');
  if (
    (site !== null && site !== 'same-origin' && site !== 'none') ||
    (origin !== null && origin !== ownOrigin)
  ) {
    return { status: 403, message: 'Sandbox controls answer same-origin requests only' };
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'DELETE';
  const type = request.headers.get('content-type') ?? '';
  if (hasBody && !/^application\/json\s*(?:;|$)/i.test(type)) {
    return { status: 415, message: 'Sandbox controls take JSON (Content-Type: application/json)' };
  }
  return null;
}
