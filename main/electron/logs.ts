import { existsSync, renameSync, rmSync } from 'node:fs';
import { join, parse } from 'node:path';
import electronLog from 'electron-log/node';
import { jsonLogger, type Logger, type LogLevel } from '../core/log';

/**
 * Replaces secrets in log text: values the app knows to be secret (API keys it stored or read), and
 * anything that looks like a credential (bearer tokens, key=value and "key": "value" pairs). The
 * engine's logger already redacts secret-named fields; this catches a key inside a message string.
 */
export class SecretScrubber {
  private readonly known = new Set<string>();

  add(value: string | null | undefined): void {
    // Short values would redact ordinary words; API keys are long.
    if (value && value.length >= 8) this.known.add(value);
  }

  scrub(text: string): string {
    let out = text;
    for (const value of this.known) if (out.includes(value)) out = out.split(value).join('[redacted]');
    return (
      out
        .replace(/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/-]+=*/gi, '$1 [redacted]')
        .replace(/\b(client_secret|api_?key|apikey|access_token|refresh_token|password)=([^&\s"']+)/gi, '$1=[redacted]')
        // "key":"value" pairs, also as JSON inside a JSON string (quotes escaped by one more level).
        .replace(
          /(\\*)"(client_secret|api_?key|vendorApiKey|access_token|refresh_token|password)\1"\s*:\s*\1".*?(?<!\\)\1"/gi,
          '$1"$2$1":$1"[redacted]$1"',
        )
    );
  }
}

/** main.log -> main.1.log -> ... -> main.<keep>.log; the oldest is dropped. */
export function rotateLogFiles(file: string, keep: number): void {
  const { dir, name, ext } = parse(file);
  const nth = (n: number) => join(dir, `${name}.${n}${ext}`);
  rmSync(nth(keep), { force: true });
  for (let n = keep - 1; n >= 1; n--) if (existsSync(nth(n))) renameSync(nth(n), nth(n + 1));
  renameSync(file, nth(1));
}

export interface FileLogOptions {
  dir: string;
  /** Such as main.log or engine.log: one writer per file. */
  fileName: string;
  level?: LogLevel;
  scrubber: SecretScrubber;
  /** Rotated when it grows past this (5 MB by default). */
  maxBytes?: number;
  /** Rotated files kept besides the current one (4 by default). */
  keep?: number;
  /** Also to stderr (development). */
  console?: boolean;
}

export interface FileLogger extends Logger {
  readonly file: string;
}

/**
 * A JSON-lines logger (main/core/log) writing into the app's log folder through electron-log's file
 * transport, rotated by size, scrubbed of secrets before anything is written. Files are readable by
 * their owner only. electron-log's IPC and remote transports stay off: the shell has one IPC channel.
 */
export function createFileLogger(o: FileLogOptions): FileLogger {
  const keep = o.keep ?? 4;
  const out = electronLog.create({ logId: `einvoice-${o.fileName}` });
  const file = join(o.dir, o.fileName);
  out.transports.file.resolvePathFn = () => file;
  out.transports.file.format = '{text}';
  out.transports.file.maxSize = o.maxBytes ?? 5 * 1024 * 1024;
  out.transports.file.level = 'silly';
  out.transports.file.sync = true;
  out.transports.file.writeOptions = { flag: 'a', mode: 0o600, encoding: 'utf8' };
  out.transports.file.archiveLogFn = (old) => rotateLogFiles(old.path, keep);
  out.transports.console.level = o.console ? 'silly' : false;
  if (out.transports.ipc) out.transports.ipc.level = false;
  if (out.transports.remote) out.transports.remote.level = false;
  const log = jsonLogger((line) => out.info(o.scrubber.scrub(line.trimEnd())), { level: o.level ?? 'info' });
  return Object.assign(log, { file });
}
