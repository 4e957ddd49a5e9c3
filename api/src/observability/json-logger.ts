import type { LoggerService } from '@nestjs/common';

type Level = 'log' | 'error' | 'warn' | 'debug' | 'verbose' | 'fatal';

/**
 * One JSON object per line on stdout, for log collectors (LOG_FORMAT=json; the default in
 * production). Nest's own messages and the access lines share the shape { time, level, context, msg }.
 * Callers never pass tokens, emails or bodies: the access line carries a hash of the member id only.
 */
export class JsonLogger implements LoggerService {
  constructor(private readonly levels: readonly Level[] = ['log', 'error', 'warn', 'fatal']) {}

  write(level: Level | 'info', fields: Record<string, unknown>): void {
    if (level !== 'info' && !this.levels.includes(level)) return;
    process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), level, ...fields })}\n`);
  }

  /** An access line: written whatever the verbosity of Nest's own messages. */
  access(fields: Record<string, unknown>): void {
    this.write('info', { context: 'Access', msg: 'request', ...fields });
  }

  private entry(level: Level, message: unknown, optional: unknown[]): void {
    // Nest passes the context last (a string), and for errors the stack before it.
    const context = typeof optional.at(-1) === 'string' ? (optional.at(-1) as string) : undefined;
    const stack = optional.length > 1 && typeof optional[0] === 'string' ? optional[0] : undefined;
    const msg = message instanceof Error ? message.message : typeof message === 'string' ? message : JSON.stringify(message);
    this.write(level, { context, msg, ...(stack ? { stack } : {}) });
  }

  log(message: unknown, ...optional: unknown[]): void {
    this.entry('log', message, optional);
  }
  error(message: unknown, ...optional: unknown[]): void {
    this.entry('error', message, optional);
  }
  warn(message: unknown, ...optional: unknown[]): void {
    this.entry('warn', message, optional);
  }
  debug(message: unknown, ...optional: unknown[]): void {
    this.entry('debug', message, optional);
  }
  verbose(message: unknown, ...optional: unknown[]): void {
    this.entry('verbose', message, optional);
  }
  fatal(message: unknown, ...optional: unknown[]): void {
    this.entry('fatal', message, optional);
  }
}
