import { describe, expect, it } from 'vitest';
import { INTENT_HEADER, TRACKING_HEADER } from '../../api/proxy/contract';
import { REDACTED } from '../../api/errors';
import { SECRET_OPTIONS } from '../config/entries';
import { createLogger, createMemoryLogger } from './log';

describe('logger', () => {
  it('writes one JSON object per line with ts, level and msg', () => {
    const lines: string[] = [];
    const log = createLogger({ write: (l) => lines.push(l), now: () => 0 });
    log.info('request', { requestId: 'r1', status: 200 });
    expect(JSON.parse(lines[0]!)).toEqual({
      ts: '1970-01-01T00:00:00.000Z',
      level: 'info',
      msg: 'request',
      requestId: 'r1',
      status: 200,
    });
  });

  it('drops lines below the level', () => {
    const lines: string[] = [];
    const log = createLogger({ write: (l) => lines.push(l), level: 'warn' });
    log.info('x');
    log.warn('y');
    expect(lines).toHaveLength(1);
  });

  it('removes secrets, credential fields and Authorization-style values wherever they are', () => {
    const key = 'sk_live_abcdef123456';
    const log = createMemoryLogger([key]);
    log.error(`failed with key ${key}`, {
      headers: { Authorization: `BASIC ${key}`, 'X-Ramp-Tracking': 'payload.sig', accept: 'json' },
      nested: [{ trackingToken: 'abc.def', note: `Bearer zzz-token and basic ${key}` }],
      error: new Error(`upstream said ${key}`),
      apiKey: key,
    });
    const line = log.lines[0]!;
    expect(line).not.toContain(key);
    expect(line).not.toContain('payload.sig');
    expect(line).not.toContain('abc.def');
    expect(line).not.toContain('zzz-token');
    const parsed = JSON.parse(line);
    expect(parsed.headers).toEqual({
      Authorization: REDACTED,
      'X-Ramp-Tracking': REDACTED,
      accept: 'json',
    });
    expect(parsed.nested[0].note).toBe(`Bearer ${REDACTED} and basic ${REDACTED}`);
  });

  it('redacts by name every option that holds a secret and every header or field that carries one', () => {
    const log = createMemoryLogger();
    const names = [...SECRET_OPTIONS, TRACKING_HEADER, INTENT_HEADER, 'clientSecret', 'set-cookie'];
    log.info('fields', Object.fromEntries(names.map((name) => [name, `value of ${name}`])));
    const parsed = JSON.parse(log.lines[0]!) as Record<string, unknown>;
    for (const name of names) expect(parsed[name], name).toBe(REDACTED);
  });
});
