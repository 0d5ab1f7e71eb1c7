// Types for lib/db/once.mjs.

/** The SQL expression of a task's lock key (a stable int4 per task name). */
export declare function lockKeySql(task: string): string;
/** Takes `task`'s advisory lock on an open pg session; null when not waiting and another session holds it. */
export declare function lockSession(
  client: { query: (sql: string) => Promise<{ rows: Array<Record<string, unknown>> }> },
  task: string,
  opts?: { wait?: boolean },
): Promise<(() => Promise<void>) | null>;
export type OnceResult<T> = { ran: true; value: T } | { ran: false };
/** Runs `fn` as the only holder of `task` for the whole database (see once.mjs). */
export declare function onceForDatabase<T>(
  task: string,
  fn: () => Promise<T>,
  opts?: { url?: string; wait?: boolean; onWait?: () => void },
): Promise<OnceResult<T>>;
