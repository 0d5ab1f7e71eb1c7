// How many of the spec's operations under some path prefixes are live (declared) now: the home page
// shows this per family so it never promises more than the API answers.
import type { Operation } from '@/lib/api/operation';
import { specOperations } from '@/lib/api/roadmap';

export interface FamilyProgress {
  live: number;
  totaal: number;
}

/** Live and total counts of the spec's operations whose path starts with one of the prefixes. */
export function familyProgress(ops: Operation[], prefixes: string[]): FamilyProgress {
  const inFamily = (path: string) => prefixes.some((p) => path === p || path.startsWith(`${p}/`));
  const declared = new Set(ops.map((o) => `${o.method} ${o.path}`));
  const family = specOperations.filter((e) => inFamily(e.pad));
  return { live: family.filter((e) => declared.has(`${e.methode} ${e.pad}`)).length, totaal: family.length };
}
