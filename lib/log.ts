// Structured logging to stderr, one JSON line per event. Callers pass ids, codes and timings only:
// never query strings, path parameters, request bodies or upstream payloads.

type Level = 'info' | 'warn' | 'error';

/** Writes one log event; `fields` must not contain user input. */
export function log(level: Level, event: string, fields: Record<string, unknown> = {}): void {
  if (process.env.LOG_LEVEL === 'silent') return;
  if (level === 'info' && process.env.LOG_LEVEL === 'warn') return;
  const line = JSON.stringify({ tijd: new Date().toISOString(), niveau: level, event, ...fields });
  process.stderr.write(line + '\n');
}

/** Describes an unexpected error for the log (name, message, first stack frames), never for a client. */
export function describeError(err: unknown): Record<string, unknown> {
  if (err instanceof Error) {
    return { fout: err.name, melding: err.message, stack: err.stack?.split('\n').slice(0, 6).join(' | ') };
  }
  return { fout: typeof err };
}
