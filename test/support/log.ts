import type { Logger } from '../../main/core/log';

export interface LoggedLine {
  level: string;
  msg: string;
  fields: Record<string, unknown>;
}

/** A logger that keeps what it is told, to check what reaches the log (and what does not reach the renderer). */
export function recordingLogger(): Logger & { lines: LoggedLine[] } {
  const lines: LoggedLine[] = [];
  const at =
    (level: string) =>
    (msg: string, fields: Record<string, unknown> = {}) => {
      lines.push({ level, msg, fields });
    };
  const log = { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error'), child: () => log };
  return log;
}
