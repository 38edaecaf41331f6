// Structured logs: one JSON object per line. Everything passes a redaction step first, so the API
// key, the console token, tracking tokens and any Authorization-style value never reach a log line,
// whatever a caller puts in the fields.
import { REDACTED } from '../../api/errors';
import { INTENT_HEADER, TRACKING_HEADER } from '../../api/proxy/contract';
import { SECRET_OPTIONS } from '../config/entries';
import { systemClock } from './clock';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
}

export interface LoggerOptions {
  /** Values to blank out wherever they appear (API key, admin token, session secret). */
  secrets?: (string | null | undefined)[];
  /** Where lines go (default: stdout). */
  write?: (line: string) => void;
  /** Lowest level written (default: info). */
  level?: LogLevel;
  /** The clock of the lines' `ts` (epoch milliseconds). */
  now?: () => number;
}

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };
/** A field name as compared: lower-case, without - and _ (X-Ramp-Tracking, trackingToken). */
const bare = (name: string) => name.toLowerCase().replace(/[-_]/g, '');
/**
 * Field names whose values are credentials: the options that hold secrets (config/entries.ts marks
 * them, and their values are redacted wherever they appear too), the headers and fields that carry
 * one, and the words that name one.
 */
const SENSITIVE_KEYS = new Set(
  [
    ...SECRET_OPTIONS,
    'authorization',
    'cookie',
    'set-cookie',
    TRACKING_HEADER,
    'trackingToken',
    INTENT_HEADER,
    'clientSecret',
    'token',
    'secret',
    'password',
  ].map(bare),
);
const AUTH_VALUE = /\b(basic|bearer)(\s+)[^\s",;]+/gi;

export function createLogger(opts: LoggerOptions = {}): Logger {
  const secrets = (opts.secrets ?? []).filter((s): s is string => typeof s === 'string' && s.length >= 4);
  const write = opts.write ?? ((line: string) => process.stdout.write(`${line}\n`));
  const min = ORDER[opts.level ?? 'info'];
  const now = opts.now ?? systemClock;
  const emit = (level: LogLevel, msg: string, fields?: LogFields) => {
    if (ORDER[level] < min) return;
    const record = redact({ ts: new Date(now()).toISOString(), level, msg, ...fields }, secrets);
    // A second pass over the serialised line catches secrets inside anything redact() let through.
    write(scrubText(JSON.stringify(record), secrets));
  };
  return {
    debug: (m, f) => emit('debug', m, f),
    info: (m, f) => emit('info', m, f),
    warn: (m, f) => emit('warn', m, f),
    error: (m, f) => emit('error', m, f),
  };
}

/** A logger that keeps lines in memory, for tests. */
export function createMemoryLogger(
  secrets: (string | null | undefined)[] = [],
): Logger & { lines: string[] } {
  const lines: string[] = [];
  return Object.assign(createLogger({ secrets, write: (l) => lines.push(l), level: 'debug' }), { lines });
}

/** A deep copy of `value` with credentials removed. */
export function redact(value: unknown, secrets: string[], depth = 0): unknown {
  if (depth > 8) return '[TRUNCATED]';
  if (typeof value === 'string') return scrubText(value, secrets);
  if (value instanceof Error) {
    return redact({ name: value.name, message: value.message, stack: value.stack }, secrets, depth + 1);
  }
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => redact(v, secrets, depth + 1));
  if (value instanceof Headers) return redact(Object.fromEntries(value), secrets, depth + 1);
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      out[k] = SENSITIVE_KEYS.has(bare(k)) ? REDACTED : redact(v, secrets, depth + 1);
    }
    return out;
  }
  return value;
}

function scrubText(text: string, secrets: string[]): string {
  let out = text.replace(AUTH_VALUE, `$1$2${REDACTED}`);
  for (const s of secrets) out = out.split(s).join(REDACTED);
  return out;
}
