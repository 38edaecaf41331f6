import { describe, expect, it } from 'vitest';
import { MAX_FAULT_RULES, readFaultRules } from './fault-rules';

describe('readFaultRules', () => {
  it('reads the rules as they are given', () => {
    const rule = { kind: 'status', status: 503, path: '/payments', method: 'post', times: 2, rate: 0.5 };
    expect(readFaultRules({ rules: [rule, { kind: 'hang' }] })).toEqual([rule, { kind: 'hang' }]);
  });

  it.each([
    [null, 'Object'],
    [{ rules: [{ kind: 'boom' }] }, 'rules.0.kind'],
    [{ rules: [{ kind: 'status', status: 200 }] }, 'rules.0.status'],
    [{ rules: [{ kind: 'latency', latencyMs: -1 }] }, 'rules.0.latencyMs'],
    [{ rules: [{ kind: 'drop', rate: 2 }] }, 'rules.0.rate'],
    [{ rules: [{ kind: 'drop', path: 'payments' }] }, 'rules.0.path'],
    [{ rules: [{ kind: 'drop', times: 0 }] }, 'rules.0.times'],
    [{ rules: [{ kind: 'drop', method: 'GET /' }] }, 'rules.0.method'],
    [{ rules: [{ kind: 'drop', code: 'lower' }] }, 'rules.0.code'],
    // Regular expressions over HTTP are not taken at all (a catastrophic one could stall the server).
    [{ rules: [{ kind: 'drop', pathPattern: '^/(a+)+$' }] }, 'pathPattern'],
    [{ rules: [], extra: 1 }, 'extra'],
  ])('refuses %j, naming %s', (body, where) => {
    expect(readFaultRules(body)).toEqual(expect.stringContaining(where));
  });

  it(`takes at most ${MAX_FAULT_RULES} rules`, () => {
    const rules = (n: number) => ({ rules: Array.from({ length: n }, () => ({ kind: 'drop' })) });
    expect(readFaultRules(rules(MAX_FAULT_RULES))).toHaveLength(MAX_FAULT_RULES);
    expect(readFaultRules(rules(MAX_FAULT_RULES + 1))).toEqual(expect.stringContaining('rules'));
  });
});
