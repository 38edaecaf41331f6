// `npx ramp-checkout serve`: the host server from any working directory, configured by the same
// environment variables as `npm start` (docs/CONTRACTS.md §1); --port and --host override PORT and HOST.
// `npx ramp-checkout upstream-webhooks register`: registers the server's receiver of the service's
// webhooks with the service and prints the secret to set as RAMP_UPSTREAM_WEBHOOK_SECRET.
import { ConfigError, loadConfig } from '../config/config';
import { RegistrationError, registerUpstreamWebhook } from '../merchant/upstream-webhooks/register';
import { listen, optionsFromEnv } from './listen';

const USAGE = `Usage: ramp-checkout serve [--port <port>] [--host <host>]
       ramp-checkout upstream-webhooks register [--url <receiver URL>] [--name <name>]

serve: serves the hosted checkout, the embed script, the console and /api/ramp.
Configured by environment variables (RAMP_API_BASE_URL, RAMP_API_KEY, RAMP_ADMIN_TOKEN,
RAMP_DATA_DIR, RAMP_WEBHOOK_URL, RAMP_WEBHOOK_SECRET, …); without RAMP_API_BASE_URL it runs
the embedded sandbox.

upstream-webhooks register: asks the service (RAMP_API_BASE_URL, RAMP_API_KEY) to send its
transaction webhooks to RAMP_PUBLIC_URL/api/ramp/webhooks/upstream (or --url), and prints the
secret to set as RAMP_UPSTREAM_WEBHOOK_SECRET on every instance.`;

function usageError(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

/** `--flag value` pairs among `allowed`. */
function flags(rest: string[], allowed: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < rest.length; i++) {
    const flag = rest[i]!;
    const value = rest[i + 1];
    if (!allowed.includes(flag) || value === undefined) usageError(`Unknown option "${flag}".`);
    out[flag] = value;
    i++;
  }
  return out;
}

async function registerCommand(rest: string[]): Promise<void> {
  const f = flags(rest, ['--url', '--name']);
  let config;
  try {
    config = loadConfig(process.env);
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
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

function main(argv: string[]): void {
  const [command, ...rest] = argv;
  if (command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (command === 'upstream-webhooks') {
    const [sub, ...more] = rest;
    if (sub !== 'register') usageError(`Unknown command "upstream-webhooks ${sub ?? ''}".`);
    void registerCommand(more);
    return;
  }
  if (command !== undefined && command !== 'serve') usageError(`Unknown command "${command}".`);
  const f = flags(rest, ['--port', '--host']);
  const env: Record<string, string | undefined> = { ...process.env };
  if (f['--port'] !== undefined) env.PORT = f['--port'];
  if (f['--host'] !== undefined) env.HOST = f['--host'];
  listen(optionsFromEnv(env));
}

main(process.argv.slice(2));
