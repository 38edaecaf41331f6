// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { defaultApiBaseUrl, findEmbedScript } from './apiBase';

function script(src: string): HTMLScriptElement {
  const s = document.createElement('script');
  s.type = 'text/plain'; // appended for lookup only, never run
  s.src = src;
  document.head.append(s);
  return s;
}

afterEach(() => document.head.replaceChildren());

describe('defaultApiBaseUrl', () => {
  it('is the proxy on the origin the script came from', () => {
    expect(defaultApiBaseUrl(script('https://pay.example:8443/ramp-checkout.js?v=3'))).toBe(
      'https://pay.example:8443/api/ramp',
    );
    expect(defaultApiBaseUrl(script('http://127.0.0.1:8787/ramp-checkout.js'))).toBe(
      'http://127.0.0.1:8787/api/ramp',
    );
  });

  it('falls back to the page’s own /api/ramp when the origin is unknown', () => {
    expect(defaultApiBaseUrl(null)).toBe('/api/ramp');
    expect(defaultApiBaseUrl(document.createElement('script'))).toBe('/api/ramp');
    expect(defaultApiBaseUrl(script('data:text/javascript,void 0'))).toBe('/api/ramp');
  });
});

describe('findEmbedScript', () => {
  it('finds the last script named ramp-checkout.js when there is no current script', () => {
    script('https://cdn.example/other.js');
    script('https://old.example/ramp-checkout.js');
    const ours = script('https://pay.example/ramp-checkout.js?v=2');
    script('https://cdn.example/ramp-checkout.json');
    expect(document.currentScript).toBeNull();
    expect(findEmbedScript(document)).toBe(ours);
  });

  it('is null without one', () => {
    script('https://cdn.example/analytics.js');
    expect(findEmbedScript(document)).toBeNull();
  });
});
