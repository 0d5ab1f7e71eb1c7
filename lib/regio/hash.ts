// The monitoring hash of a source's data: SHA-256 over a canonical JSON form, so the same data always gives
// the same hash and any change of a value gives another. Canonical form: object keys sorted (code points,
// recursively), array order kept (our arrays are ordered by year or name), no whitespace, numbers in
// JavaScript's shortest round-trip form, strings as JSON.stringify writes them, null kept, undefined dropped.
// Only converted data enters the hash, never timings, cache flags or retrieval times. Pure functions.
import { createHash } from 'node:crypto';

export function canoniekeJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) return 'null';
    return JSON.stringify(value) ?? 'null';
  }
  if (Array.isArray(value)) return `[${value.map((v) => canoniekeJson(v === undefined ? null : v)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canoniekeJson(v)}`).join(',')}}`;
}

/** "sha256:<hex>" of the canonical JSON. */
export function bronHash(value: unknown): string {
  return `sha256:${createHash('sha256').update(canoniekeJson(value), 'utf8').digest('hex')}`;
}
