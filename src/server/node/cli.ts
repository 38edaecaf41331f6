// `npx ramp-checkout`: `serve` runs the host server from any working directory, configured by the same
// environment variables as `npm start` (docs/CONTRACTS.md §1; --port and --host override PORT and
// HOST); `webhooks trigger` posts a signed sample event to a merchant's endpoint (like `stripe trigger`);
// `migrate` applies the ledger's migrations as a release step (migrate.ts);
// `upstream-webhooks register` registers the server's receiver of the service's webhooks with the
// service and prints the secret to set as RAMP_UPSTREAM_WEBHOOK_SECRET.
import { DEFAULTS } from '../config/defaults';
import { triggerWebhook } from './trigger';
import { WEBHOOK_TYPES } from '../merchant/webhooks/samples';

const USAGE = `Usage: ramp-checkout <command> [options]

Commands:
  serve [--port <port>] [--host <host>] [--role web|worker|all]
                                             the host server (hosted page, embed, console, /api/ramp)
  migrate [--check]                          apply the ledger's due migrations (--check: exit 1 if any)
  backup <file>                              a consistent copy of the embedded ledger, server running
  restore <file>                             a backup into an empty RAMP_DATA_DIR, checked
  webhooks trigger <type> --url <endpoint>   post a sample webhook event, signed with RAMP_WEBHOOK_SECRET
  upstream-webhooks register [--url <url>]   register the receiver of the service's webhooks

Run \`ramp-checkout <command> --help\` for a command's details.`;

const SERVE_USAGE = `Usage: ramp-checkout serve [--port <port>] [--host <host>] [--role web|worker|all]

Serves the hosted checkout, the embed script, the console and /api/ramp.
Configured by environment variables (RAMP_API_BASE_URL, RAMP_API_KEY, RAMP_ADMIN_TOKEN,
RAMP_DATA_DIR, RAMP_WEBHOOK_URL, RAMP_WEBHOOK_SECRET, …); without RAMP_API_BASE_URL it runs
the embedded sandbox.

Options:
  --port <port>   overrides PORT (default ${DEFAULTS.port})
  --host <host>   overrides HOST (default ${DEFAULTS.host})
  --role <role>   overrides RAMP_ROLE (default ${DEFAULTS.role}): web serves without background
                  jobs, worker runs them and answers only /healthz, /readyz and /metrics
  -h, --help      this text`;

const MIGRATE_USAGE = `Usage: ramp-checkout migrate [--check]

Applies the ledger's due migrations to the configured store (RAMP_DATABASE_URL's PostgreSQL, under
the lock instances take at start; else the embedded ledger in RAMP_DATA_DIR, which no running server
may hold), as a release step before starting servers with RAMP_MIGRATE=false.

Options:
  --check      change nothing; exit 1 while migrations are due (or the ledger is newer than this build)
  -h, --help   this text`;

const TRIGGER_USAGE = `Usage: ramp-checkout webhooks trigger <type> --url <endpoint>

Posts a sample event of <type> to <endpoint>, signed as the server signs webhooks
(Ramp-Signature header, HMAC key RAMP_WEBHOOK_SECRET), and prints the endpoint's answer.
Exits 1 unless the endpoint answers 2xx. The event's id starts with evt_test_.

Types: ${WEBHOOK_TYPES.join(', ')}

Options:
  --url <endpoint>   where to post (default RAMP_WEBHOOK_URL)
  -h, --help         this text`;

const REGISTER_USAGE = `Usage: ramp-checkout upstream-webhooks register [--url <receiver URL>] [--name <name>]

Asks the service (RAMP_API_BASE_URL, RAMP_API_KEY) to send its transaction webhooks to
RAMP_PUBLIC_URL/api/ramp/webhooks/upstream (or --url), and prints the secret to set as
RAMP_UPSTREAM_WEBHOOK_SECRET on every instance.

Options:
  --url <url>     the receiver's public URL (default RAMP_PUBLIC_URL + /api/ramp/webhooks/upstream)
  --name <name>   the webhook profile's name
  -h, --help      this text`;

const isHelp = (arg: string | undefined) => arg === '--help' || arg === '-h' || arg === 'help';

function fail(message: string, usage: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
}

async function serve(args: string[]): Promise<void> {
  const env: Record<string, string | undefined> = { ...process.env };
  for (let i = 0; i < args.length; i++) {
    const flag = args[i];
    const value = args[i + 1];
    if (isHelp(flag)) {
      process.stdout.write(`${SERVE_USAGE}\n`);
      return;
    }
    const variable = { '--port': 'PORT', '--host': 'HOST', '--role': 'RAMP_ROLE' }[flag ?? ''];
    if (variable && value !== undefined) {
      env[variable] = value;
      i++;
    } else fail(`Unknown option "${flag}".`, SERVE_USAGE);
  }
  // Loaded only to serve: `webhooks trigger` and the help texts start without the whole server.
  const { listen, optionsFromEnv } = await import('./listen');
  listen(optionsFromEnv(env));
}

/** The configuration from the environment, or exit 1 saying what is wrong with it. */
async function configFromEnv() {
  // Loaded only when needed: the help texts start without the server's configuration.
  const { ConfigError, resolveConfig } = await import('../config/config');
  const { loadConfig } = await import('../config/env');
  try {
    return resolveConfig(loadConfig(process.env));
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
}

async function migrateCommand(args: string[]): Promise<void> {
  if (args.some(isHelp)) {
    process.stdout.write(`${MIGRATE_USAGE}\n`);
    return;
  }
  const unknown = args.find((a) => a !== '--check');
  if (unknown !== undefined) fail(`Unknown option "${unknown}".`, MIGRATE_USAGE);
  const { runMigrate } = await import('./migrate');
  const result = await runMigrate(await configFromEnv(), args.includes('--check'));
  if (result.code === 0) process.stdout.write(`${result.message}\n`);
  else console.error(result.message);
  process.exit(result.code);
}

const BACKUP_USAGE = `Usage: ramp-checkout backup <file> | ramp-checkout restore <file>

backup:  writes a consistent copy of the embedded ledger (RAMP_DATA_DIR/ledger.sqlite) to <file>
         while the server runs (SQLite's VACUUM INTO: a plain copy misses the write-ahead log), then
         checks it. <file> must not exist: never overwritten, never written through a link.
restore: checks <file> and puts it into RAMP_DATA_DIR, which must hold no ledger; start the server
         on it afterwards. Refused unless it passes SQLite's integrity check and its schema is
         exactly what its version's migrations make, each of them recorded (no trigger, view,
         index or table they did not make, none missing or changed).

On PostgreSQL (RAMP_DATABASE_URL) use its own tools: pg_dump --format=custom --file=ramp.dump "$RAMP_DATABASE_URL"`;

async function backupCommand(command: 'backup' | 'restore', args: string[]): Promise<void> {
  if (args.some(isHelp) || args.length === 0) {
    process.stdout.write(`${BACKUP_USAGE}\n`);
    if (args.length === 0) process.exit(2);
    return;
  }
  if (args.length !== 1) fail(`${command} takes one file.`, BACKUP_USAGE);
  const config = await configFromEnv();
  if (config.databaseUrl !== null)
    fail('RAMP_DATABASE_URL is set: back up PostgreSQL with pg_dump.', BACKUP_USAGE);
  const { backupLedger, restoreLedger } = await import('../storage/ledger/backup');
  try {
    const info =
      command === 'backup'
        ? await backupLedger(config.merchant.dataDir, args[0]!)
        : await restoreLedger(args[0]!, config.merchant.dataDir);
    const verb = command === 'backup' ? 'Backed up the ledger to' : 'Restored the ledger to';
    process.stdout.write(
      `${verb} ${info.file}: schema version ${info.version}, ${info.orders} orders, integrity ok\n`,
    );
  } catch (e) {
    console.error((e as Error).message);
    process.exit(1);
  }
}

async function webhooks(args: string[]): Promise<void> {
  const [sub, ...rest] = args;
  if (isHelp(sub) || sub === undefined) {
    process.stdout.write(`${TRIGGER_USAGE}\n`);
    return;
  }
  if (sub !== 'trigger') fail(`Unknown command "webhooks ${sub}".`, TRIGGER_USAGE);
  let type: string | undefined;
  let url = process.env.RAMP_WEBHOOK_URL;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (isHelp(arg)) {
      process.stdout.write(`${TRIGGER_USAGE}\n`);
      return;
    }
    if (arg === '--url' && rest[i + 1] !== undefined) url = rest[++i];
    else if (arg.startsWith('--url=')) url = arg.slice('--url='.length);
    else if (!arg.startsWith('-') && type === undefined) type = arg;
    else fail(`Unknown option "${arg}".`, TRIGGER_USAGE);
  }
  if (type === undefined) fail('Which event type?', TRIGGER_USAGE);
  if (!url) fail('Where to? Give --url <endpoint> (or set RAMP_WEBHOOK_URL).', TRIGGER_USAGE);
  const result = await triggerWebhook({ type, url, secret: process.env.RAMP_WEBHOOK_SECRET });
  if (!result.ok) {
    console.error(result.message);
    process.exit(result.usage ? 2 : 1);
  }
  process.stdout.write(`${result.message}\n`);
}

async function upstreamWebhooks(args: string[]): Promise<void> {
  const [sub, ...rest] = args;
  if (isHelp(sub) || sub === undefined || rest.some(isHelp)) {
    process.stdout.write(`${REGISTER_USAGE}\n`);
    return;
  }
  if (sub !== 'register') fail(`Unknown command "upstream-webhooks ${sub}".`, REGISTER_USAGE);
  const f: Record<string, string> = {};
  for (let i = 0; i < rest.length; i += 2) {
    const flag = rest[i]!;
    const value = rest[i + 1];
    if ((flag !== '--url' && flag !== '--name') || value === undefined)
      fail(`Unknown option "${flag}".`, REGISTER_USAGE);
    f[flag] = value;
  }
  const { RegistrationError, registerUpstreamWebhook } =
    await import('../merchant/upstream-webhooks/register');
  const config = await configFromEnv();
  try {
    const r = await registerUpstreamWebhook({ config, url: f['--url'], name: f['--name'] });
    process.stdout.write(
      `Registered webhook profile ${r.id}: the service sends ${r.eventTypes.join(', ')} to ${r.url}\n` +
        `Set this on every instance of the server, then restart it (the service shows the secret once):\n\n` +
        `RAMP_UPSTREAM_WEBHOOK_SECRET=${r.secret}\n`,
    );
    if (r.others.length > 0) {
      process.stdout.write(
        `\nOther active profiles post to the same URL (${r.others.join(', ')}): once the new secret is set, ` +
          `disable them (PATCH /notifications/webhooks/{id} {"status":"DISABLED"}), or their events are refused.\n`,
      );
    }
  } catch (e) {
    if (e instanceof RegistrationError) {
      console.error(`Could not register: ${e.message}`);
      process.exit(1);
    }
    throw e;
  }
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (isHelp(command)) process.stdout.write(`${USAGE}\n`);
  else if (command === undefined || command === 'serve') await serve(rest);
  else if (command === 'migrate') await migrateCommand(rest);
  else if (command === 'backup' || command === 'restore') await backupCommand(command, rest);
  else if (command === 'webhooks') await webhooks(rest);
  else if (command === 'upstream-webhooks') await upstreamWebhooks(rest);
  else fail(`Unknown command "${command}".`, USAGE);
}

void main(process.argv.slice(2));
