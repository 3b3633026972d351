/**
 * Structured logging: one JSON object per line, so logs can be read by tools. Values under
 * secret-looking keys are replaced before anything is written, wherever they are nested.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

const SECRET_KEY = /(api_?key|secret|token|password|authorization|credential)/i;
const LEVELS: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export function redact(value: unknown, depth = 0): unknown {
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return { name: value.name, message: value.message };
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEY.test(k) ? '[redacted]' : redact(v, depth + 1);
  return out;
}

export function jsonLogger(
  write: (line: string) => void,
  opts: { level?: LogLevel; now?: () => number; base?: Record<string, unknown> } = {},
): Logger {
  const min = LEVELS[opts.level ?? 'info'];
  const now = opts.now ?? Date.now;
  const base = opts.base ?? {};
  const emit =
    (level: LogLevel) =>
    (msg: string, fields: Record<string, unknown> = {}) => {
      if (LEVELS[level] < min) return;
      write(`${JSON.stringify({ time: new Date(now()).toISOString(), level, msg, ...(redact({ ...base, ...fields }) as object) })}\n`);
    };
  return {
    debug: emit('debug'),
    info: emit('info'),
    warn: emit('warn'),
    error: emit('error'),
    child: (fields) => jsonLogger(write, { ...opts, base: { ...base, ...fields } }),
  };
}

export const silentLogger: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  child: () => silentLogger,
};
