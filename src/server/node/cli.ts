// `npx ramp-checkout serve`: the host server from any working directory, configured by the same
// environment variables as `npm start` (docs/CONTRACTS.md §1); --port and --host override PORT and HOST.
import { listen, optionsFromEnv } from './listen';

const USAGE = `Usage: ramp-checkout serve [--port <port>] [--host <host>]

Serves the hosted checkout, the embed script, the console and /api/ramp.
Configured by environment variables (RAMP_API_BASE_URL, RAMP_API_KEY, RAMP_ADMIN_TOKEN,
RAMP_DATA_DIR, RAMP_WEBHOOK_URL, RAMP_WEBHOOK_SECRET, …); without RAMP_API_BASE_URL it runs
the embedded sandbox.`;

function main(argv: string[]): void {
  const [command, ...rest] = argv;
  if (command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (command !== undefined && command !== 'serve') {
    console.error(`Unknown command "${command}".\n\n${USAGE}`);
    process.exit(2);
  }
  const env: Record<string, string | undefined> = { ...process.env };
  for (let i = 0; i < rest.length; i++) {
    const flag = rest[i];
    const value = rest[i + 1];
    if ((flag === '--port' || flag === '--host') && value !== undefined) {
      env[flag === '--port' ? 'PORT' : 'HOST'] = value;
      i++;
    } else {
      console.error(`Unknown option "${flag}".\n\n${USAGE}`);
      process.exit(2);
    }
  }
  listen(optionsFromEnv(env));
}

main(process.argv.slice(2));
