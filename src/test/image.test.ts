// The image and the cluster file, checked without Docker (none on the test machines): the
// Dockerfile's stages, user, signal, health check, port and command against the server they run;
// compose.yaml's variables read by the server's own configuration (unknown names and bad values
// fail as they would at start), the balancer's config naming the instances it balances, and
// Prometheus scraping them with alert rules on series the server exports.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../server/config/config';
import { OPTIONS } from '../server/config/entries';
import { ENV_OPTIONS, loadConfig } from '../server/config/env';
import { openApiDocument } from '../server/openapi/document';

const root = join(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');

type Instruction = { op: string; args: string };
/** The Dockerfile's instructions, continuation lines joined, comments left out. */
const instructions: Instruction[] = read('Dockerfile')
  .replace(/\\\n/g, ' ')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l !== '' && !l.startsWith('#'))
  .map((l) => {
    const [op = '', ...rest] = l.split(/\s+/);
    return { op: op.toUpperCase(), args: rest.join(' ') };
  });
const stages = instructions.reduce<Instruction[][]>((all, i) => {
  if (i.op === 'FROM') all.push([]);
  all.at(-1)?.push(i);
  return all;
}, []);
const runtime = stages.at(-1)!;
const args = (op: string) => runtime.filter((i) => i.op === op).map((i) => i.args);
const env = Object.fromEntries(
  args('ENV').flatMap((a) => [...a.matchAll(/(\w+)=(\S+)/g)].map((m) => [m[1]!, m[2]!])),
);

describe('Dockerfile', () => {
  it('builds in one stage and runs production dependencies only in another', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    // Node 24, the newest LTS line (the package runs on 22 and 24: engines.test.ts).
    expect(stages[0]![0]!.args).toMatch(/^node:24\S*-slim AS build$/);
    expect(runtime[0]!.args).toMatch(/^node:24\S*-slim\b/);
    expect(args('RUN').join('\n')).toMatch(/\bnpm ci --omit=dev\b/);
    expect(args('COPY')).toContain('--from=build /app/dist ./dist');
  });

  it('runs as a user that is not root', () => {
    const user = args('USER').at(-1);
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user!.split(':')[0]);
  });

  it('runs the built server as its own process (exec form), stopped with SIGTERM', () => {
    const cmd = JSON.parse(args('CMD').at(-1)!) as string[];
    expect(cmd).toEqual(['node', 'dist/server/main.js']);
    expect(read('vite.server.config.ts')).toContain(
      "main: resolve(import.meta.dirname, 'src/server/node/main.ts')",
    );
    expect(args('ENTRYPOINT')).toEqual([]);
    expect(args('STOPSIGNAL')).toEqual(['SIGTERM']);
  });

  it('listens on every interface at the port it exposes, the server default', () => {
    expect(args('EXPOSE')).toEqual([String(OPTIONS.port.default)]);
    expect(env.PORT).toBe(String(OPTIONS.port.default));
    expect(env.HOST).toBe('0.0.0.0');
  });

  it('checks health on /healthz, a route the server answers', () => {
    const check = args('HEALTHCHECK').at(-1)!;
    expect(check).toMatch(/CMD \["node", "-e", .*\/healthz/);
    expect(
      Object.keys(openApiDocument({ publicUrl: 'http://localhost:8787', basePath: '' }).paths as object),
    ).toContain('/healthz');
  });

  it('keeps the ledger in a volume, and sets only variables the server knows', () => {
    expect(args('VOLUME')).toEqual([env.RAMP_DATA_DIR]);
    for (const name of Object.keys(env).filter((n) => n.startsWith('RAMP_'))) {
      expect(Object.keys(ENV_OPTIONS), name).toContain(name);
    }
  });
});

type Service = {
  environment?: Record<string, string>;
  command?: string[];
  image?: string;
  ports?: string[];
  volumes?: string[];
};
const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Service> };
const instances = Object.entries(compose.services).filter(([, s]) =>
  Object.keys(s.environment ?? {}).some((k) => k.startsWith('RAMP_')),
);

describe('compose.yaml', () => {
  it('runs three instances, a balancer, Redis, PostgreSQL and the sandbox they share', () => {
    expect(instances.map(([name]) => name)).toEqual(['ramp-1', 'ramp-2', 'ramp-3']);
    expect(Object.keys(compose.services)).toEqual(
      expect.arrayContaining(['balancer', 'redis', 'postgres', 'sandbox']),
    );
  });

  it("sets each instance's variables as the server reads them: known names, valid values", () => {
    for (const [name, s] of instances) {
      const config = resolveConfig(loadConfig(s.environment!));
      expect(config.redisUrl, name).toMatch(/^redis:\/\/redis:/);
      expect(config.databaseUrl, name).toMatch(/^postgres:\/\/[^@]+@postgres:/);
      expect(config.trustProxy, name).toBe(1);
      expect(config.upstream.apiKey).toBe(compose.services.sandbox!.environment!.SANDBOX_KEY);
    }
  });

  it("publishes the sandbox's partner pages where the shopper's browser opens them (SANDBOX_PUBLIC_URL)", () => {
    const sandbox = compose.services.sandbox!;
    const url = new URL(sandbox.environment!.SANDBOX_PUBLIC_URL!);
    expect(url.hostname).toBe('localhost');
    expect(sandbox.ports).toContain(`${url.port}:${sandbox.environment!.SANDBOX_PORT}`);
  });

  it('runs Prometheus on every instance with the alert rules, each on a series the server exports', () => {
    const mounts = Object.fromEntries(
      compose.services.prometheus!.volumes!.map((v) => v.replace(/:ro$/, '').split(':') as [string, string]),
    );
    expect(mounts).toEqual({
      './deploy/prometheus.yml': '/etc/prometheus/prometheus.yml',
      './deploy/alerts.yml': '/etc/prometheus/alerts.yml',
    });
    const prometheus = parse(read('deploy/prometheus.yml')) as {
      rule_files: string[];
      scrape_configs: {
        metrics_path: string;
        authorization: { credentials: string };
        static_configs: { targets: string[] }[];
      }[];
    };
    expect(prometheus.rule_files).toEqual(['/etc/prometheus/alerts.yml']);
    const [scrape] = prometheus.scrape_configs;
    expect(scrape!.metrics_path).toBe('/metrics');
    expect(scrape!.static_configs.flatMap((c) => c.targets)).toEqual(
      instances.map(([name]) => `${name}:${OPTIONS.port.default}`),
    );
    for (const [, s] of instances)
      expect(scrape!.authorization.credentials).toBe(s.environment!.RAMP_ADMIN_TOKEN);

    const alerts = parse(read('deploy/alerts.yml')) as {
      groups: { rules: { alert: string; expr: string }[] }[];
    };
    const rules = alerts.groups.flatMap((g) => g.rules);
    expect(rules.map((r) => r.alert)).toContain('RampPartnerCompletionDrop');
    const defined = read('src/server/http/metrics.ts');
    for (const { alert, expr } of rules) {
      const series = [...expr.matchAll(/\bramp_\w+/g)].map((m) => m[0]);
      expect(series.length, alert).toBeGreaterThan(0);
      for (const name of series) expect(defined, `${alert}: ${name}`).toContain(`'${name}'`);
    }
  });

  it("runs HAProxy with deploy/haproxy.cfg, sending every instance traffic at the image's port", () => {
    const balancer = compose.services.balancer!;
    expect(balancer.image).toMatch(/^haproxy:/);
    expect(balancer.volumes).toEqual(['./deploy/haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro']);
    const haproxy = read('deploy/haproxy.cfg');
    // Each server's compose default (src/server/scale/haproxy.test.ts runs the file with others).
    const servers = [...haproxy.matchAll(/^\s*server ([\w-]+) "\$\{BALANCER_SERVER_\d-([\w-]+:\d+)\}"/gm)];
    expect(servers.map((m) => m[2])).toEqual(instances.map(([name]) => `${name}:${OPTIONS.port.default}`));
    expect(balancer.ports).toEqual([`8080:${/BALANCER_BIND-:(\d+)/.exec(haproxy)![1]}`]);
    expect(haproxy).toMatch(/^\s*option httpchk GET \/readyz$/m);
    expect(haproxy).toMatch(/^\s*option redispatch 1$/m);
    expect(haproxy).toMatch(/^\s*retry-on conn-failure empty-response$/m);
    // X-Forwarded-For set once, the client's address last: never a second header line.
    expect(haproxy).not.toMatch(/^\s*option forwardfor/m);
  });

  it('ships the same balancer for nginx: every instance, X-Forwarded-For appended, the next instance on a refusal', () => {
    const nginx = read('deploy/nginx.conf');
    const servers = [...nginx.matchAll(/^\s*server ([\w-]+):(\d+)\b/gm)].map((m) => `${m[1]}:${m[2]}`);
    expect(servers).toEqual(instances.map(([name]) => `${name}:${OPTIONS.port.default}`));
    expect(nginx).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;');
    expect(nginx).toMatch(/^\s*proxy_next_upstream error non_idempotent;$/m);
  });
});
