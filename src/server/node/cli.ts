// `npx ramp-checkout`: `serve` runs the host server from any working directory, configured by the same
// environment variables as `npm start` (docs/CONTRACTS.md §1; --port and --host override PORT and
// HOST); `webhooks trigger` posts a signed sample event to a merchant's endpoint (like `stripe trigger`).
import { triggerWebhook } from './trigger';
import { WEBHOOK_TYPES } from '../merchant/webhooks/samples';

const USAGE = `Usage: ramp-checkout <command> [options]

Commands:
  serve [--port <port>] [--host <host>]      the host server (hosted page, embed, console, /api/ramp)
  webhooks trigger <type> --url <endpoint>   post a sample webhook event, signed with RAMP_WEBHOOK_SECRET

Run \`ramp-checkout <command> --help\` for a command's details.`;

const SERVE_USAGE = `Usage: ramp-checkout serve [--port <port>] [--host <host>]

Serves the hosted checkout, the embed script, the console and /api/ramp.
Configured by environment variables (RAMP_API_BASE_URL, RAMP_API_KEY, RAMP_ADMIN_TOKEN,
RAMP_DATA_DIR, RAMP_WEBHOOK_URL, RAMP_WEBHOOK_SECRET, …); without RAMP_API_BASE_URL it runs
the embedded sandbox.

Options:
  --port <port>   overrides PORT (default 8787)
  --host <host>   overrides HOST (default 127.0.0.1)
  -h, --help      this text`;

const TRIGGER_USAGE = `Usage: ramp-checkout webhooks trigger <type> --url <endpoint>

Posts a sample event of <type> to <endpoint>, signed as the server signs webhooks
(Ramp-Signature header, HMAC key RAMP_WEBHOOK_SECRET), and prints the endpoint's answer.
Exits 1 unless the endpoint answers 2xx. The event's id starts with evt_test_.

Types: ${WEBHOOK_TYPES.join(', ')}

Options:
  --url <endpoint>   where to post (default RAMP_WEBHOOK_URL)
  -h, --help         this text`;

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
    if ((flag === '--port' || flag === '--host') && value !== undefined) {
      env[flag === '--port' ? 'PORT' : 'HOST'] = value;
      i++;
    } else fail(`Unknown option "${flag}".`, SERVE_USAGE);
  }
  // Loaded only to serve: `webhooks trigger` and the help texts start without the whole server.
  const { listen, optionsFromEnv } = await import('./listen');
  listen(optionsFromEnv(env));
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

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (isHelp(command)) process.stdout.write(`${USAGE}\n`);
  else if (command === undefined || command === 'serve') await serve(rest);
  else if (command === 'webhooks') await webhooks(rest);
  else fail(`Unknown command "${command}".`, USAGE);
}

void main(process.argv.slice(2));
